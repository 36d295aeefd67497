import XCTest
@testable import Plan

/// The netrc parser as values: curl's format, no file system.
final class NetrcTests: XCTestCase {
    private func parsed(_ text: String) throws -> Netrc { try Netrc.parse(text).get() }

    func testMachinesDefaultLoginsAndPasswordsAreReadAndAccountIsIgnored() throws {
        let netrc = try parsed("""
            machine api.example.com login alice password s3cret account ignored
            machine other.example.com
                login bob
                password hunter2
            default login anon password guest
            """)
        XCTAssertEqual(netrc.entries, [
            Netrc.Entry(machine: "api.example.com", login: "alice", password: "s3cret"),
            Netrc.Entry(machine: "other.example.com", login: "bob", password: "hunter2"),
            Netrc.Entry(machine: nil, login: "anon", password: "guest"),
        ])
    }

    func testTheFirstMachineForTheHostWinsInAnyCaseElseDefault() throws {
        let netrc = try parsed("""
            machine Example.COM login first password one
            machine example.com login second password two
            default login anon password guest
            """)
        XCTAssertEqual(netrc.entry(forHost: "example.com")?.login, "first")
        XCTAssertEqual(netrc.entry(forHost: "elsewhere.org")?.login, "anon")
        XCTAssertNil(try parsed("machine a login x password y").entry(forHost: "b"), "no default: nothing")
    }

    func testAGivenLoginPicksItsOwnEntry() throws {
        let netrc = try parsed("machine h login alice password a\nmachine h login bob password b\n")
        XCTAssertEqual(netrc.entry(forHost: "h", login: "bob")?.password, "b")
        XCTAssertEqual(netrc.entry(forHost: "h", login: "alice")?.password, "a")
        XCTAssertNil(netrc.entry(forHost: "h", login: "carol"))
    }

    func testQuotedValuesWithEscapesAsCurl784ReadsThem() throws {
        let netrc = try parsed(#"machine h login "a b" password "p \"q\" \\ \n\t#x""#)
        XCTAssertEqual(netrc.entries.first?.login, "a b")
        XCTAssertEqual(netrc.entries.first?.password, "p \"q\" \\ \n\t#x")
    }

    func testMacdefRunsToTheNextBlankLineAndCommentsToTheLineEnd() throws {
        let netrc = try parsed("""
            # my hosts
            macdef init
            machine evil login mallory password no
            cd /pub

            machine h login alice password a # a comment
            """)
        XCTAssertEqual(netrc.entries, [Netrc.Entry(machine: "h", login: "alice", password: "a")])
    }

    func testAnOpenQuoteOrAKeywordWithoutValueIsAProblemWithItsLine() {
        XCTAssertEqual(Netrc.parse("machine h\nlogin \"alice").failure, NetrcProblem(line: 2, message: "a quoted value has no closing \""))
        XCTAssertEqual(Netrc.parse("machine h login a\npassword").failure?.message, "password has no value")
        XCTAssertEqual(try parsed("").entries, [])
    }

    func testUserSplitsAtTheFirstColonAndThePasswordMayBeEmpty() {
        XCTAssertEqual(UserCredential("alice:s3:cret"), UserCredential(user: "alice", password: "s3:cret"))
        XCTAssertEqual(UserCredential("alice:"), UserCredential(user: "alice", password: ""))
        XCTAssertEqual(UserCredential("alice"), UserCredential(user: "alice", password: nil))
        XCTAssertNil(UserCredential(":pw"))
        XCTAssertNil(UserCredential("a\nb:c"))
        XCTAssertEqual(UserCredential("alice:s3cret")?.description, "alice:***")
    }

    func testNetrcInTheSourcesFileIsYesNoOrAPath() {
        XCTAssertEqual(NetrcChoice(fileValue: "yes"), .home)
        XCTAssertEqual(NetrcChoice(fileValue: "TRUE"), .home)
        XCTAssertEqual(NetrcChoice(fileValue: "no"), NetrcChoice.none)
        XCTAssertEqual(NetrcChoice(fileValue: "~/work.netrc"), .file("~/work.netrc"))
        XCTAssertNil(NetrcChoice(fileValue: ""))
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
