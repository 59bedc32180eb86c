/// Names of the world's countries and continents, in `AnswerMatcher`'s
/// canonical form, for `FalseFriends`: a typed word that is one of them is
/// never a spelling slip of another answer (`Ireland` is a country, not a
/// slip of `Iceland`, and `Gambia` is not `Zambia`, however close the
/// letters), even inside a longer answer (`South America`).
enum KnownNames {
    static let countries: Set<String> = Set(
        """
        afghanistan albania algeria andorra angola antigua argentina armenia australia austria azerbaijan \
        bahamas bahrain bangladesh barbados belarus belgium belize benin bhutan bolivia bosnia botswana brazil \
        brunei bulgaria burkina faso burundi cambodia cameroon canada chad chile china colombia comoros congo \
        croatia cuba cyprus czechia denmark djibouti dominica ecuador egypt eritrea estonia eswatini ethiopia \
        fiji finland france gabon gambia georgia germany ghana greece grenada guatemala guinea guyana haiti \
        honduras hungary iceland india indonesia iran iraq ireland israel italy jamaica japan jordan \
        kazakhstan kenya kiribati kosovo kuwait kyrgyzstan laos latvia lebanon lesotho liberia libya \
        liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali malta mauritania \
        mauritius mexico micronesia moldova monaco mongolia montenegro morocco mozambique myanmar namibia \
        nauru nepal netherlands nicaragua niger nigeria norway oman pakistan palau palestine panama paraguay \
        peru philippines poland portugal qatar romania russia rwanda samoa senegal serbia seychelles \
        singapore slovakia slovenia somalia spain sudan suriname sweden switzerland syria taiwan tajikistan \
        tanzania thailand togo tonga trinidad tunisia turkey turkmenistan tuvalu uganda ukraine uruguay \
        uzbekistan vanuatu venezuela vietnam yemen zambia zimbabwe prussia austria hungary persia siam \
        burma ceylon zaire rhodesia
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    /// The continents and their usual parts, and the oceans.
    static let continents: Set<String> = [
        "africa", "america", "americas", "antarctica", "asia", "australasia", "europe", "eurasia", "oceania",
        "arctic", "atlantic", "pacific",
    ]

    /// A country's or a continent's name (one word of it, canonical), or
    /// the word for its people or things made of it with `n` (`american`,
    /// `austrian`, `dominican`).
    static func isPlace(_ word: some StringProtocol) -> Bool {
        let word = String(word)
        func named(_ text: String) -> Bool { countries.contains(text) || continents.contains(text) }
        return named(word) || (word.hasSuffix("n") && named(String(word.dropLast())))
    }
}
