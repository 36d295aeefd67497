@testable import Plugins
import TestSupport
import XCTest

/// The byte- and scalar-wise text passes give what the `Character`-wise ones gave
/// (`ReferenceText`), on text that mixes everything a hostile or merely international server
/// sends.
final class TextFastPathTests: XCTestCase {
    /// Pieces that stress grouping, measuring and making safe, and the seams between them.
    private static let pieces = [
        "lorem", "ipsum", "dolor", "x", "Café", "naïve", "straße", "\u{A0}", "\u{AD}", "ñ", "é",
        "幅の広い文字", "漢字", "한국어", "\u{1100}\u{1161}\u{11A8}", "\u{1100}", "\u{1161}", "\u{1160}",
        "😀", "👍🏽", "\u{1F3FB}", "👨\u{200D}👩\u{200D}👧", "❤\u{FE0F}", "❤", "☺", "1\u{FE0F}\u{20E3}", "#\u{FE0F}",
        "🇺🇸", "🇫🇷🇩", "🌡", "🌡\u{FE0F}", "e\u{301}", "\u{301}", " \u{301}", "\u{300}\u{301}", "\u{200D}", "\u{200B}",
        "\u{FE0E}", "\u{FE0F}", "\u{E0041}", "\u{483}",
        "\t", "\n", "\r\n", "\r", "\u{1B}[31m", "\u{07}", "\u{00}", "\u{7F}", "\u{85}", "\u{9B}",
        "\u{202E}", "\u{2066}", "\u{200E}", "\u{600}", "\u{600} ", "\u{600}\u{301}", "क्ष", "नमस्ते", "\u{903}", "a\u{903}b",
        "สวัสดี", "\u{E33}", "مرحبا", "\u{3000}", "\u{2028}", "\u{3099}", "\u{303F}", "\u{FF61}", "\u{10D69}",
        " ", " ", " ", "  ", "\t ",
        String(repeating: "w", count: 45), String(repeating: "長", count: 30), String(repeating: "a\u{301}", count: 30),
        String(repeating: "😀", count: 20),
    ]

    private static func text(_ random: inout SeededGenerator, pieces count: Int) -> String {
        var text = ""
        for _ in 0..<count {
            if Int.random(in: 0..<12, using: &random) == 0 {
                // Now and then any scalar at all.
                let value = UInt32.random(in: 0...0x10FFFF, using: &random)
                text.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            } else {
                text += pieces.randomElement(using: &random)!
            }
            if Bool.random(using: &random) { text += " " }
        }
        return text
    }

    private static func texts(seed: UInt64, count: Int = 600) -> [String] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in text(&random, pieces: Int.random(in: 0...40, using: &random)) }
    }

    func testTheWidthTableAgreesWithTheUnicodePropertiesOfEveryScalar() {
        var wrong: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ScalarClass(value) != ScalarClass(properties: scalar) { wrong.append(value) }
        }
        XCTAssertEqual(wrong.prefix(10).map { String($0, radix: 16) }, [],
                       "\(wrong.count) scalars disagree: run scripts/generate-width-table.swift")
    }

    func testClustersMeasureAsTheirCharactersDid() {
        var characters = Set(Self.pieces.flatMap { $0 })
        for text in Self.texts(seed: 1) { characters.formUnion(text) }
        characters.formUnion(["\r\n", "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"])
        for character in characters {
            XCTAssertEqual(ClusterWidth.of(character), ReferenceText.displayWidth(of: character),
                           "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testMixedTextMeasuresAsItDid() {
        for text in Self.texts(seed: 2) {
            XCTAssertEqual(TerminalText.displayWidth(text), ReferenceText.displayWidth(text), text.debugDescription)
        }
    }
}
