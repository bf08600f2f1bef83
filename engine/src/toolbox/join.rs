//! The two pieces of an executor the toolbox needs, without an async runtime:
//! polling one turn's handler futures together ([`JoinAll`]), and running a
//! future to completion on the current thread ([`block_on`]).

use std::future::Future;
use std::pin::{pin, Pin};
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::thread::{self, Thread};

/// A boxed handler future.
pub(crate) type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// One slot of a [`JoinAll`]: a value already known, or a future still running.
pub(crate) enum Slot<T> {
    Ready(Option<T>),
    Pending(BoxFuture<T>),
}

/// Polls every pending slot each time it is woken; ready once all are, with the
/// values in the slots' order. Every future shares the task's waker, so any
/// one's wake-up polls the whole set (a turn holds a few calls).
pub(crate) struct JoinAll<T> {
    slots: Vec<Slot<T>>,
}

impl<T> JoinAll<T> {
    pub(crate) fn new(slots: Vec<Slot<T>>) -> JoinAll<T> {
        JoinAll { slots }
    }
}

// Values are moved out, never pinned: the futures are boxed.
impl<T> Unpin for JoinAll<T> {}

impl<T> Future for JoinAll<T> {
    type Output = Vec<T>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Vec<T>> {
        let this = self.get_mut();
        let mut pending = false;
        for slot in &mut this.slots {
            if let Slot::Pending(future) = slot {
                match future.as_mut().poll(cx) {
                    Poll::Ready(value) => *slot = Slot::Ready(Some(value)),
                    Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            return Poll::Pending;
        }
        let values = this
            .slots
            .iter_mut()
            .filter_map(|slot| match slot {
                Slot::Ready(value) => value.take(),
                Slot::Pending(_) => None,
            })
            .collect();
        Poll::Ready(values)
    }
}

/// Wakes the thread that waits in [`block_on`].
struct Unpark(Thread);

impl Wake for Unpark {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.unpark();
    }
}

/// Runs `future` to completion on this thread, parking it while the future
/// waits. For futures that need no runtime of their own: one that needs a
/// reactor (tokio's timers and sockets) must be awaited inside that runtime.
pub(crate) fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let waker = Waker::from(Arc::new(Unpark(thread::current())));
    let mut cx = Context::from_waker(&waker);
    loop {
        if let Poll::Ready(value) = future.as_mut().poll(&mut cx) {
            return value;
        }
        thread::park();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A future pending `n` times (waking itself each time), then ready with `v`.
    struct Countdown {
        n: usize,
        v: u32,
    }

    impl Future for Countdown {
        type Output = u32;
        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<u32> {
            if self.n == 0 {
                return Poll::Ready(self.v);
            }
            self.n -= 1;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    }

    #[test]
    fn joins_in_slot_order_whatever_finishes_first() {
        let slots = vec![
            Slot::Pending(Box::pin(Countdown { n: 3, v: 1 }) as BoxFuture<u32>),
            Slot::Ready(Some(2)),
            Slot::Pending(Box::pin(Countdown { n: 0, v: 3 })),
            Slot::Pending(Box::pin(Countdown { n: 1, v: 4 })),
        ];
        assert_eq!(block_on(JoinAll::new(slots)), [1, 2, 3, 4]);
    }

    #[test]
    fn block_on_waits_for_a_wake_from_another_thread() {
        let (tx, rx) = std::sync::mpsc::channel::<u32>();
        let handle = thread::spawn(move || {
            thread::sleep(std::time::Duration::from_millis(20));
            tx.send(7).unwrap();
        });
        struct Recv(
            std::sync::mpsc::Receiver<u32>,
            Option<thread::JoinHandle<()>>,
        );
        impl Future for Recv {
            type Output = u32;
            fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<u32> {
                match self.0.try_recv() {
                    Ok(v) => Poll::Ready(v),
                    Err(_) => {
                        // wake once the sender is done
                        let waker = cx.waker().clone();
                        if let Some(h) = self.1.take() {
                            thread::spawn(move || {
                                let _ = h.join();
                                waker.wake();
                            });
                        }
                        Poll::Pending
                    }
                }
            }
        }
        assert_eq!(block_on(Recv(rx, Some(handle))), 7);
    }
}
