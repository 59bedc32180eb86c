import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The synced folder with a real engine: two Syncthing instances (Debian's
/// `syncthing`, which `make test` installs) on 127.0.0.1, with discovery,
/// relays and NAT off, sharing one folder between two data folders while
/// both machines play; each sees the other's games once, within 60 seconds
/// (about 5 s here). Skipped, saying so, when syncthing is not installed.
@Suite(.serialized) struct SyncthingTests {
    /// A TCP port on 127.0.0.1 that nothing listens on now.
    func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func twoSyncthingInstancesShareOneHistory() throws {
        guard let syncthing = Tool.find("syncthing") else {
            print("SyncthingTests: syncthing is not installed (apt-get install syncthing); the test is skipped")
            return
        }
        let scratch = Scratch()
        var environment = scratch.privateEnvironment()
        environment["STNOUPGRADE"] = "1"
        // One process, not a monitor and its child: stopped by its pid.
        environment["STMONITORED"] = "1"
        var ids: [String] = []
        for machine in 1...2 {
            let made = try runProcess(
                syncthing, ["generate", "--no-default-folder", "--home=\(scratch.path)/home\(machine)"],
                environment: environment)
            let line = (made.stdout + made.stderr).split(separator: "\n").first { $0.contains("Device ID: ") }
            ids.append(String(try #require(line, "\(made.stderr)").split(separator: " ").last!))
        }
        let listen = [try freePort(), try freePort()]
        let gui = [try freePort(), try freePort()]
        for machine in 0...1 {
            let folder = "\(scratch.path)/sync\(machine + 1)"
            try FileManager.default.createDirectory(atPath: folder + "/.stfolder", withIntermediateDirectories: true)
            let config = """
                <configuration version="36">
                    <folder id="quiz" label="quiz" path="\(folder)" type="sendreceive" rescanIntervalS="1" fsWatcherEnabled="true" fsWatcherDelayS="1">
                        <device id="\(ids[0])"></device>
                        <device id="\(ids[1])"></device>
                    </folder>
                    <device id="\(ids[0])" name="one"><address>tcp://127.0.0.1:\(listen[0])</address></device>
                    <device id="\(ids[1])" name="two"><address>tcp://127.0.0.1:\(listen[1])</address></device>
                    <gui enabled="true" tls="false"><address>127.0.0.1:\(gui[machine])</address></gui>
                    <options>
                        <listenAddress>tcp://127.0.0.1:\(listen[machine])</listenAddress>
                        <globalAnnounceEnabled>false</globalAnnounceEnabled>
                        <localAnnounceEnabled>false</localAnnounceEnabled>
                        <relaysEnabled>false</relaysEnabled>
                        <natEnabled>false</natEnabled>
                        <startBrowser>false</startBrowser>
                        <urAccepted>-1</urAccepted>
                        <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                        <crashReportingEnabled>false</crashReportingEnabled>
                    </options>
                </configuration>
                """
            try Data(config.utf8).write(to: URL(fileURLWithPath: "\(scratch.path)/home\(machine + 1)/config.xml"))
        }
        let engines = try (1...2).map { machine in
            try BackgroundProcess(
                ["serve", "--home=\(scratch.path)/home\(machine)", "--no-browser", "--no-restart"],
                executable: syncthing, environment: environment, outputPrefix: "\(scratch.path)/syncthing\(machine)")
        }
        defer {
            for engine in engines {
                engine.process.terminate()
                _ = engine.wait(until: Date().addingTimeInterval(10))
            }
        }
        let tests = SyncFolderTests()
        let (a, b) = (scratch.path + "/A", scratch.path + "/B")
        let (syncA, syncB) = (scratch.path + "/sync1", scratch.path + "/sync2")
        // Both play while the engines run.
        for (seed, dataDir, sync) in [(71, a, syncA), (72, b, syncB), (73, a, syncA), (74, b, syncB)] {
            let result = try tests.play(UInt64(seed), dataDir: dataDir, sync: sync, scratch)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let expected = [71, 72, 73, 74]
        let deadline = Date().addingTimeInterval(60)
        var seen: ([Int], [Int]) = ([], [])
        while Date() < deadline {
            seen = (try tests.seeds(a, sync: syncA, scratch).seeds, try tests.seeds(b, sync: syncB, scratch).seeds)
            if seen.0 == expected && seen.1 == expected { break }
            usleep(500_000)
        }
        let log = (try? String(contentsOfFile: scratch.path + "/syncthing1.out", encoding: .utf8)) ?? ""
        #expect(seen.0 == expected, "A: \(seen.0)\n\(log.suffix(2000))")
        #expect(seen.1 == expected, "B: \(seen.1)")
    }
}
