import Foundation
import Testing
import TestSupport

/// Nothing from outside the site folder, or from its `.git/`, reaches the output, whatever
/// symbolic links in `static/`, `content/` and `templates/` point at: a member's commit with
/// `static/x.txt → ../.git/config` must not publish the workflow's token.
@Suite struct SiteBoundaryTests {
    /// Secrets in the places links can reach: beside the site, in its `.git/config`, in `$HOME`
    /// and in `/etc` (the real `/etc/passwd`, whose first line every Debian has).
    static let secrets = ["OUTSIDE-SECRET-7f3a", "GIT-TOKEN-SECRET-91b2", "HOME-SECRET-c4d8", "root:x:0:0"]

    @Test func linksOutOfTheSiteAreRefusedAndPublishNothing() throws {
        let scratch = try TemporaryFolder("gazette-boundary")
        let site = scratch.url.appendingPathComponent("site")
        let initialised = try GazetteCommand.run(["init", site.path, "-q"])
        try #require(initialised.status == 0, "\(initialised.stderr)")
        #expect(try Program.run(command: "git", ["init", "-q", site.path]).status == 0)
        // Where actions/checkout keeps its token.
        let config = try String(contentsOf: site.appendingPathComponent(".git/config"), encoding: .utf8)
        try (config + "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic GIT-TOKEN-SECRET-91b2\n")
            .write(to: site.appendingPathComponent(".git/config"), atomically: true, encoding: .utf8)
        try scratch.write("outside/secret.txt", "OUTSIDE-SECRET-7f3a\n")
        try scratch.write(
            "outside/journal.md", "---\ntitle: OUTSIDE-SECRET-7f3a\nauthor: me\ncreated: 2026-11-18 10:00\n---\nOUTSIDE-SECRET-7f3a\n")
        try scratch.write("outside/journals/more.md", "---\ntitle: OUTSIDE-SECRET-7f3a\ncreated: 2026-11-18 10:00\n---\nOUTSIDE-SECRET-7f3a\n")
        try scratch.write("outside/theme/journal.mustache", "OUTSIDE-SECRET-7f3a {{title}}")
        try scratch.write(
            "outside/store.jsonl",
            #"{"author":null,"description":"OUTSIDE-SECRET-7f3a","id":"aaaaaaaaaaaa","image":null,"language":"ko","published":"2026-11-18T09:00:00+09:00","publisher":null,"queries":[],"source":"manual","title":"OUTSIDE-SECRET-7f3a","url":"https://example.org/a"}"#
                + "\n")
        try scratch.write("outside/thumb.webp", "OUTSIDE-SECRET-7f3a")
        try scratch.write("home/notes.txt", "HOME-SECRET-c4d8\n")
        try scratch.write("site/content/notes.txt", "a note kept inside the site\n")
        let home = scratch.url.appendingPathComponent("home").path
        let outside = scratch.url.appendingPathComponent("outside").path

        // Every kind of link: to files and folders, absolute and relative, out of the site,
        // into .git/, to /etc and to $HOME; and one link inside the site, which stays allowed.
        let links: [(link: String, target: String)] = [
            ("static/passwd.txt", "/etc/passwd"),
            ("static/etc", "/etc"),
            ("static/cfg.txt", "../.git/config"),
            ("static/git", "../.git"),
            ("static/secret.txt", "../../outside/secret.txt"),
            ("static/home", home),
            ("static/notes.txt", "\(home)/notes.txt"),
            ("static/inside.txt", "../content/notes.txt"),
            ("content/journals/outside.md", "\(outside)/journal.md"),
            ("content/journals/more", "../../../outside/journals"),
            ("content/articles/2026-W46.jsonl", "\(outside)/store.jsonl"),
            ("content/thumbnails/aaaaaaaaaaaa-480.webp", "\(outside)/thumb.webp"),
            ("templates", "\(outside)/theme"),
        ]
        let manager = FileManager.default
        for (link, target) in links {
            let url = site.appendingPathComponent(link)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }

        let environment = ["HOME": home]
        let build = try GazetteCommand.run(["build", "--site", site.path], environment: environment)
        #expect(build.status == 0, "\(build.stderr)")
        let check = try GazetteCommand.run(["check", "--site", site.path], environment: environment)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let said = check.stdout + check.stderr
        for (link, _) in links where link != "static/inside.txt" {
            #expect(said.contains("\(link):1:1: warning: \(link) is a symbolic link"), "check does not name \(link):\n\(said)")
            #expect(build.stderr.contains("\(link) is a symbolic link"), "build does not name \(link)")
        }
        #expect(said.contains("static/cfg.txt is a symbolic link into the site's .git folder"))
        #expect(!said.contains("static/inside.txt"))

        // Not a byte of any target in the output.
        let output = site.appendingPathComponent("public")
        var files = 0
        for relative in FileTreeWalk.files(under: output) {
            files += 1
            let data = try Data(contentsOf: output.appendingPathComponent(relative))
            for secret in Self.secrets {
                #expect(data.range(of: Data(secret.utf8)) == nil, "\(relative) holds \(secret)")
            }
        }
        #expect(files > 20)
        for link in ["passwd.txt", "etc", "cfg.txt", "git", "secret.txt", "home", "notes.txt"] {
            #expect(!manager.fileExists(atPath: output.appendingPathComponent(link).path), "\(link) was published")
        }
        // A link that stays inside the site is copied as before.
        #expect(try String(contentsOf: output.appendingPathComponent("inside.txt"), encoding: .utf8) == "a note kept inside the site\n")
        // The store was not written through the link either.
        #expect(try String(contentsOf: URL(fileURLWithPath: "\(outside)/store.jsonl"), encoding: .utf8).contains("OUTSIDE-SECRET-7f3a"))
    }

    /// `gazette.yml` itself linked out of the site is an error, not read.
    @Test func aConfigLinkedOutOfTheSiteIsAnError() throws {
        let scratch = try TemporaryFolder("gazette-boundary-config")
        let site = scratch.url.appendingPathComponent("site")
        #expect(try GazetteCommand.run(["init", site.path, "-q"]).status == 0)
        try scratch.write("outside.yml", "title: OUTSIDE-SECRET-7f3a\n")
        try FileManager.default.removeItem(at: site.appendingPathComponent("gazette.yml"))
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("gazette.yml").path, withDestinationPath: "../outside.yml")
        let build = try GazetteCommand.run(["build", "--site", site.path])
        #expect(build.status == 1)
        #expect(build.stderr.contains("gazette.yml:1:1: error: gazette.yml is a symbolic link outside the site"), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }
}

/// Every regular file below a folder, relative, without following links.
enum FileTreeWalk {
    static func files(under folder: URL) -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                found.append(String(url.path.dropFirst(folder.path.count + 1)))
            }
        }
        return found.sorted()
    }
}
