import Loader
import TestSupport
import XCTest

/// Issue 58: the source machine decides a live stream's reconnections, as a value: each end of
/// a connection is opened again (`.reconnect`, told as `.reconnecting`) or ends the load
/// (`.settleStream`), and the load stays under way across them.
final class SourceMachineStreamTests: XCTestCase {
    private struct Events: PagedContent, Equatable {
        var pluginName: String { "events" }
        var itemCount: Int? { 0 }
        func appending(_ next: Events) -> Events? { nil }
    }

    private typealias Machine = SourceMachine<Events>
    private let url = "http://a.test/events"
    private var now = Machine.Moment(monotonic: .now, wall: 1_700_000_000)

    /// A machine with a load in flight, and its request's id.
    private func loading() -> (Machine, Int) {
        var machine = Machine(setup: Machine.Setup(firstPageURL: url), random: SeededGenerator(seed: 1))
        let request = machine.handle(.load(pages: 1), at: now).compactMap { if case .fetch(let request) = $0 { request.id } else { nil } }.first
        return (machine, request ?? 0)
    }

    private func ended(_ request: Int, status: Int = 200, type: String = "text/event-stream", isStream: Bool = true,
                       resumes: Bool = true, brought: Bool = true, retry: Duration? = nil, lastEventID: String = "") -> Machine.Event {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        let response = HTTPResponse(info: ResponseInfo(url: url, status: status, headers: headers), body: [])
        return .connectionEnded(Machine.ConnectionEnd(request: request, result: .success(response), isStream: isStream, resumes: resumes,
                                                      broughtEvents: brought, reconnectionTime: retry, lastEventID: lastEventID))
    }

    private func failed(_ request: Int, _ error: LoadError, resumes: Bool = true, itemsWentOut: Bool = false) -> Machine.Event {
        .connectionEnded(Machine.ConnectionEnd(request: request, result: .failure(error), isStream: false, resumes: resumes,
                                               broughtEvents: true, itemsWentOut: itemsWentOut))
    }

    private func reconnect(_ actions: [Machine.Action]) -> (Duration, String)? {
        actions.lazy.compactMap { if case .reconnect(let delay, let id) = $0 { (delay, id) } else { nil } }.first
    }

    private func endedWith(_ actions: [Machine.Action]) -> Result<HTTPResponse, LoadError>? {
        actions.lazy.compactMap { if case .settleStream(let result, _) = $0 { result } else { nil } }.first
    }

    private func transitions(_ actions: [Machine.Action]) -> [Machine.Transition] {
        actions.compactMap { if case .publish(let transition) = $0 { transition } else { nil } }
    }

    func testAnEndedStreamIsOpenedAgainAfterTheServersTimeFromItsLastEventAndSaysSo() throws {
        var (machine, request) = loading()
        let actions = machine.handle(ended(request, retry: .milliseconds(700), lastEventID: "7"), at: now)
        let planned = try XCTUnwrap(reconnect(actions))
        XCTAssertEqual(planned.0, .milliseconds(700))
        XCTAssertEqual(planned.1, "7")
        let told = try XCTUnwrap(transitions(actions).first)
        XCTAssertEqual(told.cause, .reconnecting)
        XCTAssertEqual(told.reconnection, Machine.Reconnection(delay: .milliseconds(700), lastEventID: "7", count: 1, cause: nil))
        XCTAssertTrue(told.to.isLoading, "the load goes on")
        XCTAssertNil(endedWith(actions))
        // The next connection drops: opened again, counted, its cause told.
        let dropped = machine.handle(failed(request, LoadError(.connectionReset, "reset")), at: now)
        XCTAssertEqual(transitions(dropped).first?.reconnection?.count, 2)
        XCTAssertEqual(transitions(dropped).first?.reconnection?.cause?.code, .connectionReset)
        XCTAssertEqual(transitions(dropped).first?.reconnection?.lastEventID, "")
    }

    func testA204AStreamThatCannotResumeAndACancelEndTheLoadWithTheConnection() throws {
        for event in [ended(1, status: 204, type: "text/plain", isStream: false), ended(1, resumes: false), failed(1, .cancelled)] {
            var (machine, request) = loading()
            XCTAssertEqual(request, 1)
            let actions = machine.handle(event, at: now)
            XCTAssertNil(reconnect(actions))
            XCTAssertTrue(transitions(actions).isEmpty, "the end is told as the fetch's, by the loader")
            XCTAssertNotNil(endedWith(actions))
        }
    }

    func testAReconnectionAnsweredWithSomethingElseIsAFailureThatSaysWhat() throws {
        var (machine, request) = loading()
        _ = machine.handle(ended(request), at: now)
        let actions = machine.handle(ended(request, type: "text/html", isStream: false), at: now)
        guard case .failure(let error)? = endedWith(actions) else { return XCTFail("\(actions)") }
        XCTAssertEqual(error.code, .unsupported)
        XCTAssertEqual(error.description, "a.test answered the stream's reconnection with text/html, not an event stream")
    }

    /// Items that went out already would be printed again by another attempt: the failure is final.
    func testAFailureAfterItemsWentOutIsFinal() throws {
        for went in [true, false] {
            var (machine, request) = loading()
            guard case .failure(let error)? = endedWith(machine.handle(failed(request, LoadError(.timedOut, "silent"), itemsWentOut: went), at: now))
            else { return XCTFail("ended") }
            XCTAssertEqual(error.isFinal, went)
        }
    }

    /// Connections that bring nothing wait twice as long each time, and after three the stream is left.
    func testConnectionsThatBringNothingAreBounded() throws {
        var (machine, request) = loading()
        let waits = (1...4).map { _ in reconnect(machine.handle(ended(request, brought: false, retry: .seconds(1)), at: now))?.0 }
        XCTAssertEqual(waits, [.seconds(1), .seconds(2), .seconds(4), nil])
    }

    /// The end of a request the machine no longer waits for changes nothing.
    func testTheEndOfAnotherRequestChangesNothing() {
        var (machine, request) = loading()
        XCTAssertTrue(machine.handle(ended(request + 1), at: now).isEmpty)
    }
}
