import Foundation
import Loader
@testable import LoadrunCLI
import TerminalText
import TestSupport
import XCTest

/// `--output ndjson`'s line for a transition, written by hand: the same JSON as `JSONEncoder`
/// with sorted keys made inert by `UntrustedText.forJSON`, which is what it replaced.
final class TransitionRecordTests: XCTestCase {
    private typealias Machine = SourceMachine<AnyContent>

    /// The transitions of a load of a source named `name` that fails with `reason`.
    private func transitions(name: String, reason: String) -> [StateChange] {
        var machine = Machine(setup: Machine.Setup(name: name, firstPageURL: "http://a.test/x"))
        let now = Machine.Moment(monotonic: .now, wall: 1_700_000_000)
        var actions = machine.handle(.load(pages: 1), at: now)
        let request = actions.compactMap { if case .fetch(let request) = $0 { request.id } else { nil } }.first ?? 0
        var end = Machine.FetchEnd(.failed(LoadError(.httpStatus, reason)), request: request, httpStatus: 503)
        end.timings = RequestTimings(nameLookedUp: .microseconds(1200), connected: .microseconds(1700), firstByte: .microseconds(3000),
                                     total: .microseconds(4500))
        actions += machine.handle(.fetchEnded(end), at: now)
        return actions.compactMap { if case .publish(let change) = $0 { change } else { nil } }
    }

    /// What the line was before: the record through `JSONEncoder`, sorted keys, slashes as they
    /// are, then what the encoder lets through raw escaped.
    private struct Reference: Encodable {
        let record: TransitionRecord

        private enum Keys: String, CodingKey {
            case time, source, from, to, cause, attempt, bytes, error, stale, changed, conditionMet = "condition_met"
            case httpStatus = "http_status", durationMs = "duration_ms", notModified = "not_modified", retryInMs = "retry_in_ms"
            case items, itemID = "item_id", phases
        }

        /// The phases as the encoder writes a nested object, with nulls for steps not taken.
        private struct Phases: Encodable {
            let timings: RequestTimings
            private enum Keys: String, CodingKey { case connect = "connect_ms", dns = "dns_ms", firstByte = "first_byte_ms", tls = "tls_ms", total = "total_ms" }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                let phases = timings.phases
                try container.encode(phases.connect, forKey: .connect)
                try container.encode(phases.dns, forKey: .dns)
                try container.encode(phases.firstByte, forKey: .firstByte)
                try container.encode(phases.tls, forKey: .tls)
                try container.encode(phases.total, forKey: .total)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(record.time, forKey: .time)
            try container.encode(record.source, forKey: .source)
            try container.encode(record.from, forKey: .from)
            try container.encode(record.to, forKey: .to)
            try container.encode(record.cause, forKey: .cause)
            try container.encode(record.attempt, forKey: .attempt)
            try container.encode(record.httpStatus, forKey: .httpStatus)
            try container.encode(record.bytes, forKey: .bytes)
            try container.encode(record.durationMs, forKey: .durationMs)
            try container.encode(record.notModified, forKey: .notModified)
            try container.encode(record.changed, forKey: .changed)
            try container.encode(record.conditionMet, forKey: .conditionMet)
            try container.encode(record.stale, forKey: .stale)
            try container.encode(record.error, forKey: .error)
            try container.encode(record.retryInMs, forKey: .retryInMs)
            try container.encode(record.items, forKey: .items)
            try container.encode(record.itemID, forKey: .itemID)
            try container.encode(record.phases.map(Phases.init), forKey: .phases)
        }

        func line() throws -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return UntrustedText.forJSON(String(decoding: try encoder.encode(self), as: UTF8.self)) + "\n"
        }
    }

    func testEachLineIsWhatTheEncoderWroteForPlainAndHostileText() throws {
        let names = ["posts", "s/1 é 日本", "quote \" and \\ back"] + InjectionCorpus.payloads.map(\.text)
        for name in names {
            for change in transitions(name: name, reason: "HTTP 503 from \(name)\u{7F}\u{9B}") {
                var record = TransitionRecord(change, at: "2026-11-28T12:03:04.123Z")
                for (changed, met) in [(nil, nil), (true, false)] as [(Bool?, Bool?)] {
                    record.changed = changed
                    record.conditionMet = met
                    let line = record.line()
                    // The encoder wrote \b and \f short; the hand-written line as JSONWriter does.
                    let reference = try Reference(record: record).line().replacingOccurrences(of: #"\b"#, with: #"\u0008"#)
                        .replacingOccurrences(of: #"\f"#, with: #"\u000c"#)
                    XCTAssertEqual(line, reference, "source \(name.debugDescription)")
                    XCTAssertEqual(InjectionCorpus.violations(in: Array(line.utf8)), [], "source \(name.debugDescription)")
                }
            }
        }
    }

    func testTimesAreISO8601InUTCWithMillisecondsPadded() {
        XCTAssertEqual(TransitionRecord.iso(0), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(TransitionRecord.iso(1_795_867_384_005), "2026-11-28T12:03:04.005Z")
        XCTAssertEqual(TransitionRecord.iso(253_402_300_799_999), "9999-12-31T23:59:59.999Z")
        XCTAssertEqual(TransitionRecord.iso(253_402_300_800_000), "10000-01-01T00:00:00.000Z")
    }
}
