import Loader
import Plugins
import XCTest
@testable import Plan

/// `-u`, `--netrc`, `--netrc-file`, `user=` and `netrc=` as the plan makes them into each
/// source's credentials, with netrc files handed in as values.
final class CredentialPlanTests: XCTestCase {
    private let registry = PluginRegistry.default()
    private let netrc = """
        machine api.example.com login alice password "s3 cret"
        machine api.example.com login bob password b0b
        default login anon password guest
        """
    /// Reads of private files: `/home/u/.netrc` and `/etc/work.netrc` hold `netrc`,
    /// `/etc/open.netrc` is readable by others; each read is counted.
    private func files(reads: Counter = Counter()) -> URLInput.Files {
        URLInput.Files(directory: "/etc", environment: ["HOME": "/home/u"], readPrivate: { [netrc] path, limit in
            reads.count += 1
            XCTAssertEqual(limit, 1 << 20)
            switch path {
            case "/home/u/.netrc", "/etc/work.netrc": return .success(Array(netrc.utf8))
            case "/etc/open.netrc": return .failure(.exposed("group or others may read or write it (mode 644)", target: "/etc/open.netrc"))
            case "/etc/link.netrc": return .failure(.exposed("group or others may read or write it (mode 644)", target: "/srv/real.netrc"))
            case "/etc/theirs.netrc": return .failure(.notOwned(uid: 1001))
            case "/etc/nologin.netrc": return .success(Array("machine api.example.com password only\n".utf8))
            default: return .failure(.unreadable(.missing))
            }
        }) { _ in false }
    }

    private final class Counter { var count = 0 }

    private func credentials(_ settings: CredentialSettings, urls: [String] = ["https://api.example.com/x"], sources: [String] = [],
                             file: String? = nil, reads: Counter = Counter()) throws -> [HTTPCredentials?] {
        var catalog = SourceCatalog()
        let files = files(reads: reads)
        if let file { catalog.add(try SourcesFile.parse(file, path: "/etc/s.conf", plugins: registry.names, files: files)) }
        var plan = RunPlan(sourceNames: sources, urls: sources.isEmpty ? urls : [], all: false, settings: SourceSettings())
        plan.settings.credentials = settings
        return try plan.requests(catalog: catalog, registry: registry, environment: ["HOME": "/home/u"], files: files).requests.map(\.options.credentials)
    }

    private func failure(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "no failure"
        } catch let failure as UsageFailure {
            return failure.message
        } catch {
            return "\(error)"
        }
    }

    func testUserAndPasswordAreTakenAsGiven() throws {
        XCTAssertEqual(try credentials(CredentialSettings(user: UserCredential("alice:"))), [HTTPCredentials(user: "alice", password: "")])
        XCTAssertEqual(try credentials(CredentialSettings()), [nil])
    }

    func testTheNetrcGivesTheHostsEntryElseDefaultAndReadsOnceForEverySource() throws {
        let reads = Counter()
        let found = try credentials(CredentialSettings(netrc: .home), urls: ["https://API.example.com/a", "http://elsewhere.org/b"], reads: reads)
        XCTAssertEqual(found, [HTTPCredentials(user: "alice", password: "s3 cret"), HTTPCredentials(user: "anon", password: "guest")])
        XCTAssertEqual(reads.count, 1)
        XCTAssertEqual(try credentials(CredentialSettings(user: UserCredential("bob"), netrc: .file("/etc/work.netrc"))),
                       [HTTPCredentials(user: "bob", password: "b0b")], "-u USER takes that login's password")
    }

    /// Issue 57: an entry with a password and no login sent nothing; curl sends `:PW`.
    func testAnEntryWithAPasswordAndNoLoginSendsAnEmptyUser() throws {
        XCTAssertEqual(try credentials(CredentialSettings(netrc: .file("/etc/nologin.netrc"))), [HTTPCredentials(user: "", password: "only")])
    }

    func testAUserWithoutPasswordOrAMissingOrOpenNetrcIsRefusedWithTheRemedy() {
        XCTAssertEqual(failure { try self.credentials(CredentialSettings(user: UserCredential("alice"))) },
                       "-u alice: no password; write alice:PASSWORD, or use --netrc or --netrc-file FILE for its password")
        XCTAssertEqual(failure { try self.credentials(CredentialSettings(netrc: .file("/etc/open.netrc"))) },
                       "--netrc-file /etc/open.netrc: it holds passwords, and group or others may read or write it (mode 644); run chmod 600 /etc/open.netrc")
        XCTAssertEqual(failure { try self.credentials(CredentialSettings(netrc: .file("/etc/none"))) }, "--netrc-file /etc/none: no such file")
        // Issue 57: the remedy named chmod 600 for a link (not its target) and for a file no
        // chmod of the user's can make theirs.
        XCTAssertEqual(failure { try self.credentials(CredentialSettings(netrc: .file("/etc/link.netrc"))) },
                       "--netrc-file /etc/link.netrc: it holds passwords, and group or others may read or write it (mode 644); "
                       + "run chmod 600 /srv/real.netrc (where /etc/link.netrc leads)")
        XCTAssertEqual(failure { try self.credentials(CredentialSettings(netrc: .file("/etc/theirs.netrc"))) },
                       "--netrc-file /etc/theirs.netrc: it holds passwords, and it is owned by another user (uid 1001); use a netrc of your own (--netrc-file FILE)")
        XCTAssertEqual(failure { try self.credentials(CredentialSettings(user: UserCredential("carol"), netrc: .home)) },
                       "-u carol: no password for it at api.example.com in /home/u/.netrc; write carol:PASSWORD, or add "
                       + "'machine api.example.com login carol password PW' to /home/u/.netrc")
    }

    func testTheSourcesFileGivesUserAndNetrcAndTheCommandLineGoesOver() throws {
        let file = """
            [defaults]
            netrc=work.netrc

            [source api]
            url=https://api.example.com/x

            [source mine]
            url=https://api.example.com/y
            user=carol:pw

            [source off]
            url=https://api.example.com/z
            netrc=no
            """
        XCTAssertEqual(try credentials(CredentialSettings(), sources: ["api", "mine", "off"], file: file),
                       [HTTPCredentials(user: "alice", password: "s3 cret"), HTTPCredentials(user: "carol", password: "pw"), nil])
        XCTAssertEqual(try credentials(CredentialSettings(user: UserCredential("dave:x")), sources: ["api", "mine"], file: file),
                       [HTTPCredentials(user: "dave", password: "x"), HTTPCredentials(user: "dave", password: "x")])
        XCTAssertEqual(failure { try self.credentials(CredentialSettings(), sources: ["api"], file: "[source api]\nurl=http://h/\nuser=:x\n") },
                       "/etc/s.conf:3: user: is not USER:PASSWORD (or USER alone, with netrc= for the password)")
    }

    func testAPasswordInASourcesFileOthersCanReadIsWarnedOf() throws {
        var catalog = SourceCatalog(path: "/etc/s.conf", read: .success(Array("[source api]\nurl=http://h/\nuser=alice:s3cret\n".utf8)),
                                    explicit: true, plugins: registry.names, files: files())
        XCTAssertEqual(catalog.secretExposure(mode: 0o644),
                       "warning: /etc/s.conf holds a secret (the password in the user of api) and is readable by group or others (mode 644); "
                       + "run chmod 600 /etc/s.conf, or take the value from env: or file:")
        XCTAssertNil(catalog.secretExposure(mode: 0o600))
        catalog = SourceCatalog(path: "/etc/s.conf", read: .success(Array("[source api]\nurl=http://h/\nuser=alice\nnetrc=yes\n".utf8)),
                                explicit: true, plugins: registry.names, files: files())
        XCTAssertNil(catalog.secretExposure(mode: 0o644), "a user alone is no secret")
    }
}
