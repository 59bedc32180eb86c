/// Which values of `LC_ALL`, `LC_MESSAGES` and `LANG` ICU can take. ICU
/// (inside Foundation, for every `DateFormatter`) reads them for its default
/// locale, and a language part (the text before `_`, `.`, `@` or `-`) of 12
/// bytes or more made it write past a buffer in `icu::Locale` and crash
/// (SIGSEGV): `LANG=aaaaaaaaaaaa quiz --stats`. No locale has a language
/// longer than 8 letters (BCP 47), so a value whose language part is longer,
/// or holds anything but ASCII letters and digits, is one quiz keeps from ICU
/// (`main` removes it from its own environment before Foundation can read it;
/// a pager is still given it).
public enum ICULocaleName {
    public static let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    public static func isUsable(_ value: String) -> Bool {
        let language = value.utf8.prefix {
            $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "@") && $0 != UInt8(ascii: "-")
        }
        return language.count <= 8
            && language.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
    }
}
