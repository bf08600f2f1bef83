#!/usr/bin/env python3
"""Compare the bfcl_check runner's answers with the `expected` codes of BFCL calls.

  compare_bfcl.py ANSWERS.jsonl CALLS.jsonl [--show N]

Line i of ANSWERS answers line i of CALLS (blank lines skipped in both). An answer
passes when it is {"errors": CODES} with CODES exactly the call's `expected` list
(same codes, same order: the runner sorts them as DIALECT.md §5 says). A
{"schema_error": ...} or {"error": ...} answer, a line that is not JSON, or a
missing line fails. Prints the first N failures (default 10) and a closing line
'N passed, N failed'; exits 1 on any failure or on a line count mismatch.

  cargo run -q --release --example bfcl_check < ../shared/corpora/bfcl/calls.jsonl > answers.jsonl
  python3 tools/compare_bfcl.py answers.jsonl ../shared/corpora/bfcl/calls.jsonl
"""
import json
import sys


def main():
    args = sys.argv[1:]
    show = 10
    if "--show" in args:
        i = args.index("--show")
        show = int(args[i + 1])
        del args[i : i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    answers_path, calls_path = args
    with open(calls_path, encoding="utf-8") as f:
        calls = [json.loads(l) for l in f if l.strip()]
    with open(answers_path, encoding="utf-8") as f:
        raw = [l for l in f if l.strip()]
    passed = failed = 0
    for i, call in enumerate(calls):
        try:
            answer = json.loads(raw[i]) if i < len(raw) else None
        except ValueError:
            answer = None
        expected = call["expected"]
        ok = isinstance(answer, dict) and set(answer) == {"errors"} and answer["errors"] == expected
        if ok:
            passed += 1
            continue
        failed += 1
        if failed <= show:
            print(f"FAIL {call.get('id', i)} #{call.get('call_index', 0)} {call.get('name', '')}")
            print(f"  arguments: {json.dumps(call.get('arguments'), ensure_ascii=False)}")
            print(f"  expected:  {json.dumps(expected, ensure_ascii=False)}")
            print(f"  got:       {raw[i].strip() if i < len(raw) else '(no line)'}")
    extra = len(raw) - len(calls)
    if extra:
        print(f"line count differs: {len(raw)} answers for {len(calls)} calls")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or extra else 0)


if __name__ == "__main__":
    main()
