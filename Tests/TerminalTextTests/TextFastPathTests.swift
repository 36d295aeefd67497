import TestSupport
import XCTest
import TerminalText

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
        "─", "▌", "·", "…", "–", "—", "é", "ÿ", "©", "®", "\u{AD}", "─\u{301}", "·\u{200D}😀", "…\u{FE0F}", "▌\u{1F3FB}",
        "\u{600}─", "क\u{94D}─", "─\u{93F}", "🇺─🇸", "\u{1100}·\u{1161}", "a\u{2028}b", "\u{200B}─",
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

    func testStyledTextMeasuresAsItDid() {
        var random = SeededGenerator(seed: 10)
        let escapes = ["\u{1B}[7m", "\u{1B}[1;38;5;214m", "\u{1B}[0m", "\u{1B}", "\u{1B}é", "\u{1B}[é", "\u{1B}(B", "\u{1B}[", "\u{1B}\u{1B}[m"]
        var texts = Self.texts(seed: 11, count: 300)
        for _ in 0..<300 {
            let words = ["plain", "ascii text", "x", " ", "é", "幅", "😀", "\t", "\u{301}"]
            texts.append((0..<Int.random(in: 0...12, using: &random)).map { _ in
                Bool.random(using: &random) ? escapes.randomElement(using: &random)! : words.randomElement(using: &random)!
            }.joined())
        }
        for text in texts {
            XCTAssertEqual(TerminalText.styledWidth(text), ReferenceText.styledWidth(text), text.debugDescription)
        }
    }

    func testNoTextTakesMoreColumnsThanItHasBytes() {
        for text in Self.texts(seed: 12) + Self.pieces {
            XCTAssertLessThanOrEqual(ReferenceText.displayWidth(text), text.utf8.count, text.debugDescription)
            for columns in [0, 1, 2, 5, 40] where TerminalText.certainlyFits(text, in: columns) {
                XCTAssertLessThanOrEqual(TerminalText.displayWidth(text), columns, text.debugDescription)
            }
        }
    }

    func testMixedTextIsMadeSafeAsItWas() {
        for text in Self.texts(seed: 3) {
            XCTAssertEqual(UntrustedText.forTerminal(text), ReferenceText.forTerminal(text), text.debugDescription)
        }
    }

    func testMixedTextWrapsAsItDid() {
        for (index, text) in Self.texts(seed: 4).enumerated() {
            let width = [1, 2, 3, 4, 7, 10, 16, 33, 80][index % 9]
            XCTAssertEqual(TerminalText.wrap(text, width: width), ReferenceText.wrap(text, width: width),
                           "width \(width): \(text.debugDescription)")
            // Made safe while wrapping, as a field is: these texts are far shorter than the
            // plugins' cut to `fieldLimit`, which `wrapField` makes first.
            XCTAssertEqual(TerminalText.lines(of: text, width: width, sanitising: true), ReferenceText.wrap(ReferenceText.forTerminal(text), width: width),
                           "width \(width): \(text.debugDescription)")
        }
    }

    func testPlainASCIIWrapsAsItDid() {
        var random = SeededGenerator(seed: 5)
        let words = ["a", "bb", "ccc", "dddd", String(repeating: "e", count: 23), " ", "  ", "\t", "\n", "\n\n"]
        for index in 0..<500 {
            let text = (0..<Int.random(in: 0...30, using: &random)).map { _ in words.randomElement(using: &random)! }.joined()
            let width = index % 30 + 1
            XCTAssertTrue(text.utf8.withContiguousStorageIfAvailable(ASCIIText.isPlain)!)
            XCTAssertEqual(TerminalText.wrap(text, width: width), ReferenceText.wrap(text, width: width), text.debugDescription)
        }
    }

    /// Words one space apart that fit come back as they are, without the wrapper: as the
    /// reference wraps them, and not when a space too many, a tab or a byte past ASCII is there.
    func testTextThatFitsAsItIsWrapsAsItDid() {
        var random = SeededGenerator(seed: 6)
        let words = ["a", "bb", "ccc", "dddd", "x!?", "(e)", "~", "é", " ", "\t"]
        for index in 0..<500 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            let width = index % 2 == 0 ? text.utf8.count : index % 40 + 1
            XCTAssertEqual(TerminalText.lines(of: text, width: width, sanitising: true),
                           ReferenceText.wrap(ReferenceText.forTerminal(text), width: width), "width \(width): \(text.debugDescription)")
        }
    }

    func testThePlainASCIICheckMatchesItsDefinitionAtEveryOffset() {
        var random = SeededGenerator(seed: 6)
        let bytes: [UInt8] = [0x00, 0x08, 0x09, 0x0A, 0x0B, 0x0D, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        for _ in 0..<3000 {
            var text = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8(ascii: "a") }
            if !text.isEmpty && Bool.random(using: &random) {
                text[Int.random(in: 0..<text.count, using: &random)] = bytes.randomElement(using: &random)!
            }
            let expected = text.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 || $0 == 0x0A }
            XCTAssertEqual(text.withUnsafeBufferPointer(ASCIIText.isPlain), expected, "\(text)")
        }
    }

    func testWordAndLineEndsAreFoundWhereverTheyStand() {
        var random = SeededGenerator(seed: 9)
        for _ in 0..<3000 {
            var text = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0x21...0x7E, using: &random) }
            var lines = text
            for _ in 0..<Int.random(in: 0...2, using: &random) where !text.isEmpty {
                text[Int.random(in: 0..<text.count, using: &random)] = [0x20, 0x09, 0x0A].randomElement(using: &random)!
                lines[Int.random(in: 0..<lines.count, using: &random)] = [0x0A, 0x0D, 0x8A, 0x8D, 0xC3, 0x20].randomElement(using: &random)!
            }
            let from = Int.random(in: 0...text.count, using: &random)
            XCTAssertEqual(text.withUnsafeBufferPointer { ASCIIText.wordEnd($0, from: from) },
                           text[from...].firstIndex { $0 <= 0x20 } ?? text.count, "\(text) from \(from)")
            XCTAssertEqual(lines.withUnsafeBufferPointer { ASCIIText.lineEnd($0, from: from) },
                           lines[from...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? lines.count, "\(lines) from \(from)")
        }
    }

    func testTheFirstNonBlankLineIsTheOneItWas() {
        var random = SeededGenerator(seed: 7)
        let lines = ["", " ", "\t", " \u{301}", "\u{3000}", "\u{A0}", "\u{600} ", "\u{2028}", "\u{B}\u{C}", "\u{85}", "x", "\u{1F1FA}"]
        var bodies = Self.texts(seed: 8, count: 200)
        for _ in 0..<400 {
            let count = Int.random(in: 0...4, using: &random)
            bodies.append((0..<count).map { _ in lines.randomElement(using: &random)! }
                .joined(separator: ["\n", "\r\n", "\r", "\n\n"].randomElement(using: &random)!))
        }
        for body in bodies {
            var text = body
            let range = text.withUTF8 { BodyLines.firstNonBlank(in: $0) }
            let line = range.map { String(decoding: Array(body.utf8)[$0], as: UTF8.self) }
            XCTAssertEqual(line, ReferenceText.firstLine(of: body), body.debugDescription)
        }
    }
}
