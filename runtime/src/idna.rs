//! Hostname labels in their ASCII-compatible form (`xn--...`, IDNA2008 A-labels):
//! the Punycode (RFC 3492) must decode, and the decoded label (the U-label) must
//! obey the rules of RFC 5891 §4.2.3, RFC 5892 and RFC 5893:
//!
//! - not empty, with at least one non-ASCII character; no `--` in the 3rd and 4th
//!   positions, no leading or trailing `-`;
//! - no leading combining mark (General_Category M);
//! - every code point PVALID by RFC 5892's derived property table, or CONTEXTJ or
//!   CONTEXTO with its contextual rule of Appendix A: ZERO WIDTH NON-JOINER after a
//!   virama or between a left-joining and a right-joining character (Joining_Type,
//!   transparent ones skipped); ZERO WIDTH JOINER after a virama; MIDDLE DOT
//!   between two `l`; GREEK KERAIA before a Greek character; HEBREW GERESH and
//!   GERSHAYIM after a Hebrew character; KATAKANA MIDDLE DOT in a label with
//!   Hiragana, Katakana or Han; Arabic-Indic and Extended Arabic-Indic digits not
//!   mixed;
//! - and, over the whole domain name ([`obeys_bidi_rule`]), the Bidi rule.
//!
//! The tables below are generated from the Unicode Character Database (marks and
//! scripts: Unicode 16.0; viramas: Unicode 14.0), as flat lists of inclusive
//! `start, end` pairs; the derived property, Joining_Type and Bidi_Class tables are
//! in `idna/tables.rs` (see its header).

mod tables;

/// Whether `encoded`, the part of a label after its `xn--` prefix, is the Punycode
/// of a valid U-label.
pub fn is_a_label(encoded: &str) -> bool {
    punycode_decode(encoded)
        .is_some_and(|label| is_u_label(&label) && is_canonical(encoded, &label))
}

/// Whether `encoded` is what encoding `label` gives (up to letter case): Punycode
/// has one spelling per label, and `xn---9uc` is not that of what it decodes to.
fn is_canonical(encoded: &str, label: &[char]) -> bool {
    let mut expected = encoded.bytes();
    let mut same = true;
    let encoded_ok = punycode_encode(label, &mut |b| {
        same &= expected.next().is_some_and(|e| e.eq_ignore_ascii_case(&b));
    });
    encoded_ok.is_some() && same && expected.next().is_none()
}

/// For a label holding non-ASCII characters (a U-label, as an `idn-hostname`
/// writes it): the length in octets of its A-label (`xn--` and the Punycode), or
/// `None` when it is not a valid U-label. Allocates nothing.
pub fn u_label_a_len(label: &str) -> Option<usize> {
    // An A-label holds at most 63 octets, and each character of the U-label
    // costs at least one, so a longer label is refused before it is copied.
    let mut buffer = ['\0'; 63];
    let mut len = 0;
    for c in label.chars() {
        *buffer.get_mut(len)? = c;
        len += 1;
    }
    let chars = &buffer[..len];
    if !is_u_label(chars) {
        return None;
    }
    let mut octets = 4;
    punycode_encode(chars, &mut |_| octets += 1)?;
    Some(octets)
}

/// Encodes `input` as Punycode (RFC 3492 §6.3), each output octet given to
/// `emit` (one compiled copy for both callers); `None` on overflow (not reached
/// for labels of hostname length).
fn punycode_encode(input: &[char], emit: &mut dyn FnMut(u8)) -> Option<()> {
    let digit = |d: u32| {
        if d < 26 {
            b'a' + d as u8
        } else {
            b'0' + (d - 26) as u8
        }
    };
    let basic = input.iter().filter(|c| c.is_ascii()).count() as u32;
    for c in input.iter().filter(|c| c.is_ascii()) {
        emit(*c as u8);
    }
    if basic > 0 {
        emit(b'-');
    }
    let (mut n, mut delta, mut bias, mut handled) = (128u32, 0u32, 72u32, basic);
    while (handled as usize) < input.len() {
        let m = input.iter().map(|&c| c as u32).filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for &c in input {
            let c = c as u32;
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    emit(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                emit(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta = delta.checked_add(1)?;
        n = n.checked_add(1)?;
    }
    Some(())
}

/// Decodes Punycode (RFC 3492 §6.2); `None` when `input` is not valid Punycode.
fn punycode_decode(input: &str) -> Option<Vec<char>> {
    if !input.is_ascii() {
        return None;
    }
    let (basic, extended) = match input.rfind('-') {
        Some(d) => (&input[..d], &input[d + 1..]),
        None => ("", input),
    };
    let mut out: Vec<char> = basic.chars().collect();
    let (mut n, mut i, mut bias) = (128u32, 0u32, 72u32);
    let mut digits = extended.bytes().peekable();
    while digits.peek().is_some() {
        let old_i = i;
        let mut w = 1u32;
        let mut k = BASE;
        loop {
            let d = match digits.next()? {
                b @ b'a'..=b'z' => b - b'a',
                b @ b'A'..=b'Z' => b - b'A',
                b @ b'0'..=b'9' => b - b'0' + 26,
                _ => return None,
            } as u32;
            i = i.checked_add(d.checked_mul(w)?)?;
            let t = threshold(k, bias);
            if d < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        let len = out.len() as u32 + 1;
        bias = adapt(i - old_i, len, old_i == 0);
        n = n.checked_add(i / len)?;
        i %= len;
        out.insert(i as usize, char::from_u32(n)?);
        i += 1;
    }
    Some(out)
}

/// Punycode's parameters (RFC 3492 §5).
const BASE: u32 = 36;
const TMIN: u32 = 1;
const TMAX: u32 = 26;

/// The threshold `t` of digit position `k` under `bias` (RFC 3492 §6.2, §6.3).
fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        TMIN
    } else if k >= bias + TMAX {
        TMAX
    } else {
        k - bias
    }
}

/// Bias adaptation (RFC 3492 §6.1).
fn adapt(delta: u32, len: u32, first: bool) -> u32 {
    let mut delta = delta / if first { 700 } else { 2 };
    delta += delta / len;
    let mut k = 0;
    while delta > ((BASE - TMIN) * TMAX) / 2 {
        delta /= BASE - TMIN;
        k += BASE;
    }
    k + (BASE - TMIN + 1) * delta / (delta + 38)
}

/// The U-label rules listed in the module's documentation.
fn is_u_label(label: &[char]) -> bool {
    let (Some(&first), Some(&last)) = (label.first(), label.last()) else {
        return false;
    };
    if label.iter().all(char::is_ascii)
        || label.get(2..4) == Some(&['-', '-'])
        || first == '-'
        || last == '-'
        || in_table(MARK, first)
    {
        return false;
    }
    for (i, &c) in label.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| label[j]);
        let after = label.get(i + 1).copied();
        let ok = match c {
            '\u{200C}' => zwnj_allowed(label, i),
            '\u{200D}' => before.is_some_and(|b| in_table(VIRAMA, b)),
            '\u{B7}' => before == Some('l') && after == Some('l'),
            '\u{375}' => after.is_some_and(|a| in_table(GREEK, a)),
            '\u{5F3}' | '\u{5F4}' => before.is_some_and(|b| in_table(HEBREW, b)),
            '\u{30FB}' => label.iter().any(|&x| in_table(HIRAGANA_KATAKANA_HAN, x)),
            // Not mixed: checked below.
            '\u{660}'..='\u{669}' | '\u{6F0}'..='\u{6F9}' => true,
            c => in_table(tables::PVALID, c),
        };
        if !ok {
            return false;
        }
    }
    let arabic_indic = label.iter().any(|c| ('\u{660}'..='\u{669}').contains(c));
    let extended = label.iter().any(|c| ('\u{6F0}'..='\u{6F9}').contains(c));
    !(arabic_indic && extended)
}

/// RFC 5892 A.1: ZERO WIDTH NON-JOINER at `label[i]` follows a virama, or stands
/// between a left- or dual-joining character and a right- or dual-joining one,
/// transparent characters between them skipped.
fn zwnj_allowed(label: &[char], i: usize) -> bool {
    if i > 0 && in_table(VIRAMA, label[i - 1]) {
        return true;
    }
    let joins = |mut side: std::slice::Iter<'_, char>, rev: bool, kind: &[u32]| {
        let skip = |c: &&char| !in_table(tables::JOINING_TRANSPARENT, **c);
        let found = if rev {
            side.rfind(skip)
        } else {
            side.find(skip)
        };
        found.is_some_and(|&c| in_table(tables::JOINING_DUAL, c) || in_table(kind, c))
    };
    joins(label[..i].iter(), true, tables::JOINING_LEFT)
        && joins(label[i + 1..].iter(), false, tables::JOINING_RIGHT)
}

/// A code point's Bidi_Class, as the Bidi rule (RFC 5893) tells them apart: the
/// classes a PVALID or contextual code point has (none is CS or ET, nor of a class
/// the rule refuses everywhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bidi {
    L,
    R,
    Al,
    An,
    En,
    Es,
    On,
    Bn,
    Nsm,
}

/// `c`'s Bidi_Class (L unless `tables::BIDI` says otherwise).
fn bidi_class(c: char) -> Bidi {
    let c = c as u32;
    let i = tables::BIDI.partition_point(|&(_, end, _)| end < c);
    match tables::BIDI.get(i) {
        Some(&(start, _, class)) if start <= c => class,
        _ => Bidi::L,
    }
}

/// RFC 5893 §2 over a domain name's `labels` (an A-label read as its U-label;
/// each label already checked alone): in a domain name holding a right-to-left
/// character (Bidi_Class R, AL or AN), every label must start with L, R or AL; a
/// right-to-left label (R or AL first) holds only R, AL, AN, EN, ES, CS, ET, ON,
/// BN and NSM, ends (NSM aside) with R, AL, EN or AN, and mixes no EN with AN; a
/// left-to-right label holds only L, EN, ES, CS, ET, ON, BN and NSM and ends (NSM
/// aside) with L or EN.
pub fn obeys_bidi_rule<'a>(labels: impl Iterator<Item = &'a str> + Clone) -> bool {
    let rtl = |c: &char| matches!(bidi_class(*c), Bidi::R | Bidi::Al | Bidi::An);
    !labels
        .clone()
        .any(|l| on_u_label(l, |chars| chars.iter().any(rtl)))
        || labels.into_iter().all(|l| on_u_label(l, bidi_label))
}

/// `f` of `label`'s characters: an A-label's decoded, any other's as written (at
/// most 63, which a checked label holds); `false` when they cannot be had.
fn on_u_label(label: &str, f: impl FnOnce(&[char]) -> bool) -> bool {
    match label.get(..4) {
        Some(p) if p.eq_ignore_ascii_case("xn--") => {
            punycode_decode(&label[4..]).is_some_and(|chars| f(&chars))
        }
        _ => {
            let mut buffer = ['\0'; 63];
            let mut len = 0;
            for c in label.chars() {
                let Some(slot) = buffer.get_mut(len) else {
                    return false;
                };
                *slot = c;
                len += 1;
            }
            f(&buffer[..len])
        }
    }
}

/// The Bidi rule's conditions 1-6 on one label of a Bidi domain name.
fn bidi_label(label: &[char]) -> bool {
    use Bidi::*;
    let classes = || label.iter().map(|&c| bidi_class(c));
    let last = classes().rev().find(|&b| b != Nsm);
    match classes().next() {
        Some(R | Al) => {
            classes().all(|b| matches!(b, R | Al | An | En | Es | On | Bn | Nsm))
                && matches!(last, Some(R | Al | En | An))
                && !(classes().any(|b| b == En) && classes().any(|b| b == An))
        }
        Some(L) => {
            classes().all(|b| matches!(b, L | En | Es | On | Bn | Nsm))
                && matches!(last, Some(L | En))
        }
        _ => false,
    }
}

/// Whether `c` is in `table` (sorted inclusive `start, end` pairs).
fn in_table(table: &[u32], c: char) -> bool {
    let c = c as u32;
    let below = table.partition_point(|&x| x < c);
    below % 2 == 1 || table.get(below) == Some(&c)
}

/// General_Category=Mark (Mn, Mc, Me), Unicode 16.0.
const MARK: &[u32] = &[
    0x300, 0x36F, 0x483, 0x489, 0x591, 0x5BD, 0x5BF, 0x5BF, 0x5C1, 0x5C2, 0x5C4, 0x5C5, 0x5C7,
    0x5C7, 0x610, 0x61A, 0x64B, 0x65F, 0x670, 0x670, 0x6D6, 0x6DC, 0x6DF, 0x6E4, 0x6E7, 0x6E8,
    0x6EA, 0x6ED, 0x711, 0x711, 0x730, 0x74A, 0x7A6, 0x7B0, 0x7EB, 0x7F3, 0x7FD, 0x7FD, 0x816,
    0x819, 0x81B, 0x823, 0x825, 0x827, 0x829, 0x82D, 0x859, 0x85B, 0x897, 0x89F, 0x8CA, 0x8E1,
    0x8E3, 0x903, 0x93A, 0x93C, 0x93E, 0x94F, 0x951, 0x957, 0x962, 0x963, 0x981, 0x983, 0x9BC,
    0x9BC, 0x9BE, 0x9C4, 0x9C7, 0x9C8, 0x9CB, 0x9CD, 0x9D7, 0x9D7, 0x9E2, 0x9E3, 0x9FE, 0x9FE,
    0xA01, 0xA03, 0xA3C, 0xA3C, 0xA3E, 0xA42, 0xA47, 0xA48, 0xA4B, 0xA4D, 0xA51, 0xA51, 0xA70,
    0xA71, 0xA75, 0xA75, 0xA81, 0xA83, 0xABC, 0xABC, 0xABE, 0xAC5, 0xAC7, 0xAC9, 0xACB, 0xACD,
    0xAE2, 0xAE3, 0xAFA, 0xAFF, 0xB01, 0xB03, 0xB3C, 0xB3C, 0xB3E, 0xB44, 0xB47, 0xB48, 0xB4B,
    0xB4D, 0xB55, 0xB57, 0xB62, 0xB63, 0xB82, 0xB82, 0xBBE, 0xBC2, 0xBC6, 0xBC8, 0xBCA, 0xBCD,
    0xBD7, 0xBD7, 0xC00, 0xC04, 0xC3C, 0xC3C, 0xC3E, 0xC44, 0xC46, 0xC48, 0xC4A, 0xC4D, 0xC55,
    0xC56, 0xC62, 0xC63, 0xC81, 0xC83, 0xCBC, 0xCBC, 0xCBE, 0xCC4, 0xCC6, 0xCC8, 0xCCA, 0xCCD,
    0xCD5, 0xCD6, 0xCE2, 0xCE3, 0xCF3, 0xCF3, 0xD00, 0xD03, 0xD3B, 0xD3C, 0xD3E, 0xD44, 0xD46,
    0xD48, 0xD4A, 0xD4D, 0xD57, 0xD57, 0xD62, 0xD63, 0xD81, 0xD83, 0xDCA, 0xDCA, 0xDCF, 0xDD4,
    0xDD6, 0xDD6, 0xDD8, 0xDDF, 0xDF2, 0xDF3, 0xE31, 0xE31, 0xE34, 0xE3A, 0xE47, 0xE4E, 0xEB1,
    0xEB1, 0xEB4, 0xEBC, 0xEC8, 0xECE, 0xF18, 0xF19, 0xF35, 0xF35, 0xF37, 0xF37, 0xF39, 0xF39,
    0xF3E, 0xF3F, 0xF71, 0xF84, 0xF86, 0xF87, 0xF8D, 0xF97, 0xF99, 0xFBC, 0xFC6, 0xFC6, 0x102B,
    0x103E, 0x1056, 0x1059, 0x105E, 0x1060, 0x1062, 0x1064, 0x1067, 0x106D, 0x1071, 0x1074, 0x1082,
    0x108D, 0x108F, 0x108F, 0x109A, 0x109D, 0x135D, 0x135F, 0x1712, 0x1715, 0x1732, 0x1734, 0x1752,
    0x1753, 0x1772, 0x1773, 0x17B4, 0x17D3, 0x17DD, 0x17DD, 0x180B, 0x180D, 0x180F, 0x180F, 0x1885,
    0x1886, 0x18A9, 0x18A9, 0x1920, 0x192B, 0x1930, 0x193B, 0x1A17, 0x1A1B, 0x1A55, 0x1A5E, 0x1A60,
    0x1A7C, 0x1A7F, 0x1A7F, 0x1AB0, 0x1ACE, 0x1B00, 0x1B04, 0x1B34, 0x1B44, 0x1B6B, 0x1B73, 0x1B80,
    0x1B82, 0x1BA1, 0x1BAD, 0x1BE6, 0x1BF3, 0x1C24, 0x1C37, 0x1CD0, 0x1CD2, 0x1CD4, 0x1CE8, 0x1CED,
    0x1CED, 0x1CF4, 0x1CF4, 0x1CF7, 0x1CF9, 0x1DC0, 0x1DFF, 0x20D0, 0x20F0, 0x2CEF, 0x2CF1, 0x2D7F,
    0x2D7F, 0x2DE0, 0x2DFF, 0x302A, 0x302F, 0x3099, 0x309A, 0xA66F, 0xA672, 0xA674, 0xA67D, 0xA69E,
    0xA69F, 0xA6F0, 0xA6F1, 0xA802, 0xA802, 0xA806, 0xA806, 0xA80B, 0xA80B, 0xA823, 0xA827, 0xA82C,
    0xA82C, 0xA880, 0xA881, 0xA8B4, 0xA8C5, 0xA8E0, 0xA8F1, 0xA8FF, 0xA8FF, 0xA926, 0xA92D, 0xA947,
    0xA953, 0xA980, 0xA983, 0xA9B3, 0xA9C0, 0xA9E5, 0xA9E5, 0xAA29, 0xAA36, 0xAA43, 0xAA43, 0xAA4C,
    0xAA4D, 0xAA7B, 0xAA7D, 0xAAB0, 0xAAB0, 0xAAB2, 0xAAB4, 0xAAB7, 0xAAB8, 0xAABE, 0xAABF, 0xAAC1,
    0xAAC1, 0xAAEB, 0xAAEF, 0xAAF5, 0xAAF6, 0xABE3, 0xABEA, 0xABEC, 0xABED, 0xFB1E, 0xFB1E, 0xFE00,
    0xFE0F, 0xFE20, 0xFE2F, 0x101FD, 0x101FD, 0x102E0, 0x102E0, 0x10376, 0x1037A, 0x10A01, 0x10A03,
    0x10A05, 0x10A06, 0x10A0C, 0x10A0F, 0x10A38, 0x10A3A, 0x10A3F, 0x10A3F, 0x10AE5, 0x10AE6,
    0x10D24, 0x10D27, 0x10D69, 0x10D6D, 0x10EAB, 0x10EAC, 0x10EFC, 0x10EFF, 0x10F46, 0x10F50,
    0x10F82, 0x10F85, 0x11000, 0x11002, 0x11038, 0x11046, 0x11070, 0x11070, 0x11073, 0x11074,
    0x1107F, 0x11082, 0x110B0, 0x110BA, 0x110C2, 0x110C2, 0x11100, 0x11102, 0x11127, 0x11134,
    0x11145, 0x11146, 0x11173, 0x11173, 0x11180, 0x11182, 0x111B3, 0x111C0, 0x111C9, 0x111CC,
    0x111CE, 0x111CF, 0x1122C, 0x11237, 0x1123E, 0x1123E, 0x11241, 0x11241, 0x112DF, 0x112EA,
    0x11300, 0x11303, 0x1133B, 0x1133C, 0x1133E, 0x11344, 0x11347, 0x11348, 0x1134B, 0x1134D,
    0x11357, 0x11357, 0x11362, 0x11363, 0x11366, 0x1136C, 0x11370, 0x11374, 0x113B8, 0x113C0,
    0x113C2, 0x113C2, 0x113C5, 0x113C5, 0x113C7, 0x113CA, 0x113CC, 0x113D0, 0x113D2, 0x113D2,
    0x113E1, 0x113E2, 0x11435, 0x11446, 0x1145E, 0x1145E, 0x114B0, 0x114C3, 0x115AF, 0x115B5,
    0x115B8, 0x115C0, 0x115DC, 0x115DD, 0x11630, 0x11640, 0x116AB, 0x116B7, 0x1171D, 0x1172B,
    0x1182C, 0x1183A, 0x11930, 0x11935, 0x11937, 0x11938, 0x1193B, 0x1193E, 0x11940, 0x11940,
    0x11942, 0x11943, 0x119D1, 0x119D7, 0x119DA, 0x119E0, 0x119E4, 0x119E4, 0x11A01, 0x11A0A,
    0x11A33, 0x11A39, 0x11A3B, 0x11A3E, 0x11A47, 0x11A47, 0x11A51, 0x11A5B, 0x11A8A, 0x11A99,
    0x11C2F, 0x11C36, 0x11C38, 0x11C3F, 0x11C92, 0x11CA7, 0x11CA9, 0x11CB6, 0x11D31, 0x11D36,
    0x11D3A, 0x11D3A, 0x11D3C, 0x11D3D, 0x11D3F, 0x11D45, 0x11D47, 0x11D47, 0x11D8A, 0x11D8E,
    0x11D90, 0x11D91, 0x11D93, 0x11D97, 0x11EF3, 0x11EF6, 0x11F00, 0x11F01, 0x11F03, 0x11F03,
    0x11F34, 0x11F3A, 0x11F3E, 0x11F42, 0x11F5A, 0x11F5A, 0x13440, 0x13440, 0x13447, 0x13455,
    0x1611E, 0x1612F, 0x16AF0, 0x16AF4, 0x16B30, 0x16B36, 0x16F4F, 0x16F4F, 0x16F51, 0x16F87,
    0x16F8F, 0x16F92, 0x16FE4, 0x16FE4, 0x16FF0, 0x16FF1, 0x1BC9D, 0x1BC9E, 0x1CF00, 0x1CF2D,
    0x1CF30, 0x1CF46, 0x1D165, 0x1D169, 0x1D16D, 0x1D172, 0x1D17B, 0x1D182, 0x1D185, 0x1D18B,
    0x1D1AA, 0x1D1AD, 0x1D242, 0x1D244, 0x1DA00, 0x1DA36, 0x1DA3B, 0x1DA6C, 0x1DA75, 0x1DA75,
    0x1DA84, 0x1DA84, 0x1DA9B, 0x1DA9F, 0x1DAA1, 0x1DAAF, 0x1E000, 0x1E006, 0x1E008, 0x1E018,
    0x1E01B, 0x1E021, 0x1E023, 0x1E024, 0x1E026, 0x1E02A, 0x1E08F, 0x1E08F, 0x1E130, 0x1E136,
    0x1E2AE, 0x1E2AE, 0x1E2EC, 0x1E2EF, 0x1E4EC, 0x1E4EF, 0x1E5EE, 0x1E5EF, 0x1E8D0, 0x1E8D6,
    0x1E944, 0x1E94A, 0xE0100, 0xE01EF,
];

/// Canonical_Combining_Class=Virama (9), Unicode 14.0.0.
const VIRAMA: &[u32] = &[
    0x94D, 0x94D, 0x9CD, 0x9CD, 0xA4D, 0xA4D, 0xACD, 0xACD, 0xB4D, 0xB4D, 0xBCD, 0xBCD, 0xC4D,
    0xC4D, 0xCCD, 0xCCD, 0xD3B, 0xD3C, 0xD4D, 0xD4D, 0xDCA, 0xDCA, 0xE3A, 0xE3A, 0xEBA, 0xEBA,
    0xF84, 0xF84, 0x1039, 0x103A, 0x1714, 0x1715, 0x1734, 0x1734, 0x17D2, 0x17D2, 0x1A60, 0x1A60,
    0x1B44, 0x1B44, 0x1BAA, 0x1BAB, 0x1BF2, 0x1BF3, 0x2D7F, 0x2D7F, 0xA806, 0xA806, 0xA82C, 0xA82C,
    0xA8C4, 0xA8C4, 0xA953, 0xA953, 0xA9C0, 0xA9C0, 0xAAF6, 0xAAF6, 0xABED, 0xABED, 0x10A3F,
    0x10A3F, 0x11046, 0x11046, 0x11070, 0x11070, 0x1107F, 0x1107F, 0x110B9, 0x110B9, 0x11133,
    0x11134, 0x111C0, 0x111C0, 0x11235, 0x11235, 0x112EA, 0x112EA, 0x1134D, 0x1134D, 0x11442,
    0x11442, 0x114C2, 0x114C2, 0x115BF, 0x115BF, 0x1163F, 0x1163F, 0x116B6, 0x116B6, 0x1172B,
    0x1172B, 0x11839, 0x11839, 0x1193D, 0x1193E, 0x119E0, 0x119E0, 0x11A34, 0x11A34, 0x11A47,
    0x11A47, 0x11A99, 0x11A99, 0x11C3F, 0x11C3F, 0x11D44, 0x11D45, 0x11D97, 0x11D97,
];

/// Script=Greek, Unicode 16.0.
const GREEK: &[u32] = &[
    0x370, 0x373, 0x375, 0x377, 0x37A, 0x37D, 0x37F, 0x37F, 0x384, 0x384, 0x386, 0x386, 0x388,
    0x38A, 0x38C, 0x38C, 0x38E, 0x3A1, 0x3A3, 0x3E1, 0x3F0, 0x3FF, 0x1D26, 0x1D2A, 0x1D5D, 0x1D61,
    0x1D66, 0x1D6A, 0x1DBF, 0x1DBF, 0x1F00, 0x1F15, 0x1F18, 0x1F1D, 0x1F20, 0x1F45, 0x1F48, 0x1F4D,
    0x1F50, 0x1F57, 0x1F59, 0x1F59, 0x1F5B, 0x1F5B, 0x1F5D, 0x1F5D, 0x1F5F, 0x1F7D, 0x1F80, 0x1FB4,
    0x1FB6, 0x1FC4, 0x1FC6, 0x1FD3, 0x1FD6, 0x1FDB, 0x1FDD, 0x1FEF, 0x1FF2, 0x1FF4, 0x1FF6, 0x1FFE,
    0x2126, 0x2126, 0xAB65, 0xAB65, 0x10140, 0x1018E, 0x101A0, 0x101A0, 0x1D200, 0x1D245,
];

/// Script=Hebrew, Unicode 16.0.
const HEBREW: &[u32] = &[
    0x591, 0x5C7, 0x5D0, 0x5EA, 0x5EF, 0x5F4, 0xFB1D, 0xFB36, 0xFB38, 0xFB3C, 0xFB3E, 0xFB3E,
    0xFB40, 0xFB41, 0xFB43, 0xFB44, 0xFB46, 0xFB4F,
];

/// Script=Hiragana, Katakana or Han, Unicode 16.0.
const HIRAGANA_KATAKANA_HAN: &[u32] = &[
    0x2E80, 0x2E99, 0x2E9B, 0x2EF3, 0x2F00, 0x2FD5, 0x3005, 0x3005, 0x3007, 0x3007, 0x3021, 0x3029,
    0x3038, 0x303B, 0x3041, 0x3096, 0x309D, 0x309F, 0x30A1, 0x30FA, 0x30FD, 0x30FF, 0x31F0, 0x31FF,
    0x32D0, 0x32FE, 0x3300, 0x3357, 0x3400, 0x4DBF, 0x4E00, 0x9FFF, 0xF900, 0xFA6D, 0xFA70, 0xFAD9,
    0xFF66, 0xFF6F, 0xFF71, 0xFF9D, 0x16FE2, 0x16FE3, 0x16FF0, 0x16FF1, 0x1AFF0, 0x1AFF3, 0x1AFF5,
    0x1AFFB, 0x1AFFD, 0x1AFFE, 0x1B000, 0x1B122, 0x1B132, 0x1B132, 0x1B150, 0x1B152, 0x1B155,
    0x1B155, 0x1B164, 0x1B167, 0x1F200, 0x1F200, 0x20000, 0x2A6DF, 0x2A700, 0x2B739, 0x2B740,
    0x2B81D, 0x2B820, 0x2CEA1, 0x2CEB0, 0x2EBE0, 0x2EBF0, 0x2EE5D, 0x2F800, 0x2FA1D, 0x30000,
    0x3134A, 0x31350, 0x323AF,
];

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(s: &str) -> String {
        punycode_decode(s).unwrap().into_iter().collect()
    }

    #[test]
    fn punycode() {
        // RFC 3492 §7.1 (A) and (L).
        assert_eq!(
            decode("egbpdaj6bu4bxfgehfvwxn"),
            "\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}"
        );
        assert_eq!(
            decode("3B-ww4c5e180e575a65lsy2b"),
            "3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}"
        );
        assert_eq!(decode("bcher-kva"), "b\u{FC}cher");
        assert!(punycode_decode("X").is_none());
        assert!(punycode_decode("99999999999").is_none());
    }

    #[test]
    fn tables() {
        assert!(in_table(MARK, '\u{300}'));
        assert!(in_table(MARK, '\u{36F}'));
        assert!(!in_table(MARK, '\u{370}'));
        assert!(!in_table(MARK, 'a'));
        assert!(in_table(VIRAMA, '\u{94D}'));
        assert!(in_table(GREEK, '\u{3B1}'));
        assert!(in_table(HIRAGANA_KATAKANA_HAN, '\u{4E00}'));
        assert!(!in_table(HIRAGANA_KATAKANA_HAN, '\u{30FB}'));
    }

    #[test]
    fn a_labels() {
        assert!(is_a_label("bcher-kva"));
        assert!(is_a_label("9n2bp8q"));
        assert!(!is_a_label(""));
        assert!(!is_a_label("abc-"));
        assert!(!is_a_label("hello-zed"));
        assert!(!is_a_label("al-0ea"));
        assert!(is_a_label("ll-0ea"));
    }

    fn u(label: &str) -> bool {
        is_u_label(&label.chars().collect::<Vec<_>>())
    }

    #[test]
    fn derived_property() {
        // PVALID letters of many scripts; DISALLOWED symbols, capitals, the
        // exceptions of RFC 5892 §2.6, and unassigned code points.
        for ok in [
            "b\u{FC}cher",
            "\u{3B1}\u{3B2}",
            "\u{5D0}\u{5D1}",
            "\u{4E2D}\u{6587}",
            "\u{6FD}\u{6FE}",
        ] {
            assert!(u(ok), "{ok:?}");
        }
        for bad in [
            "a\u{A3}",
            "a\u{C4}",
            "\u{640}\u{7FA}",
            "a\u{2603}",
            "a\u{378}",
            "a\u{E000}",
        ] {
            assert!(!u(bad), "{bad:?}");
        }
    }

    #[test]
    fn zero_width_non_joiner() {
        // After a virama (Devanagari, Bengali), or between a joining pair (BEH is
        // dual-joining, ALEF right-joining; a transparent mark may stand between).
        for ok in [
            "\u{915}\u{94D}\u{200C}\u{937}",
            "\u{995}\u{9CD}\u{200C}",
            "\u{628}\u{200C}\u{628}",
            "\u{628}\u{64B}\u{200C}\u{627}",
        ] {
            assert!(u(ok), "{ok:?}");
        }
        // Between non-joining letters, before a left-only side, at an end.
        for bad in [
            "\u{915}\u{94D}\u{200C}\u{937}x\u{200C}y",
            "\u{E9}\u{200C}\u{E9}",
            "\u{627}\u{200C}\u{628}",
            "\u{628}\u{200C}",
            "\u{200C}\u{628}",
        ] {
            assert!(!u(bad), "{bad:?}");
        }
    }

    #[test]
    fn bidi_rule() {
        let domain = |s: &'static str| obeys_bidi_rule(s.split('.'));
        for ok in [
            "example.com",
            "0a.com",
            "\u{5D0}\u{5D1}",
            "a.\u{5D0}",
            "\u{5D0}1",
            "\u{627}\u{661}",
            "\u{5D0}\u{5B0}",
            "a1.\u{5D0}-\u{5D1}",
        ] {
            assert!(domain(ok), "{ok:?}");
        }
        for bad in [
            "0a.\u{5D0}",
            "\u{5D0}.0a",
            "0\u{627}",
            "a\u{5D0}",
            "\u{5D0}0\u{660}",
            "\u{5D0}a",
            "\u{5D0}-",
            "a-.\u{5D0}",
            "\u{5D0}.xn--0ca24w",
        ] {
            assert!(!domain(bad), "{bad:?}");
        }
        // An A-label counts as the U-label it decodes to.
        assert!(!domain("xn--0ca24w"));
        assert!(domain("xn--4dbc"));
        assert!(!domain("0a.xn--4dbc"));
    }
}
