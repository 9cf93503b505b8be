import Content
import Foundation
import GazetteModel
import Ingest

/// `gazette lsp`: a Language Server Protocol 3.17 server for a Gazette site, over a byte stream
/// (the editor's pipes). One thread reads a frame, answers it, and publishes what changed; it
/// never writes anything but frames. Every request is answered — an unknown method with
/// -32601, a malformed one with -32602 or -32700 — and nothing the client sends stops it but
/// `exit`.
public final class LanguageServer {
    private var reader: FrameReader
    private let writer: FrameWriter
    private var workspace: Workspace?
    private var encoding = PositionEncoding.utf16
    private var shutdownAsked = false
    /// Whether the editor takes watchers the server registers (`workspace.didChangeWatchedFiles
    /// .dynamicRegistration`), so files changed outside it reach the server.
    private var watchesFiles = false
    /// Edits the server asked the editor to make (`workspace/applyEdit`), for their ids.
    private var editsSent = 0
    /// Whether the editor makes the edits the server asks for (`workspace.applyEdit`).
    private var appliesEdits = false
    /// Diagnostics last published per document, to clear them when a document closes.
    private var published: [String: [LSPDiagnostic]] = [:]
    /// The clock the future-date check reads (fixed in tests).
    private let now: () -> Date
    /// How long each publishing of diagnostics took, in seconds, for the benchmark and tests.
    public private(set) var latencies: [Double] = []

    public init(reader: FrameReader, writer: FrameWriter, now: @escaping () -> Date = Date.init) {
        self.reader = reader
        self.writer = writer
        self.now = now
    }

    /// Serves until `exit` or the end of the input; the exit status: 0 after `shutdown`, else 1.
    public func run() -> Int32 {
        while let frame = reader.next() {
            switch frame {
            case .malformed(let problem):
                log(problem)
            case .message(let body):
                guard let message = try? JSONDecoder().decode(JSONValue.self, from: Data(body)), case .object = message else {
                    respond(id: .null, error: (-32700, "the message is not valid JSON"))
                    continue
                }
                if message["method"]?.string == "exit" { return shutdownAsked ? 0 : 1 }
                handle(message)
            }
        }
        return shutdownAsked ? 0 : 1
    }

    // MARK: - Dispatch

    private func handle(_ message: JSONValue) {
        let id = message["id"]
        let params = message["params"] ?? .null
        // A response to us: the editor's answer to the watchers' registration, nothing to do.
        guard let method = message["method"]?.string else { return }
        if shutdownAsked, id != nil, method != "shutdown" {
            respond(id: id, error: (-32600, "the server is shutting down"))
            return
        }
        switch method {
        case "initialize": respond(id: id, result: initialize(params))
        case "initialized":
            watchFiles()
            publishErrorsOnDisk()
        case "$/setTrace", "$/cancelRequest", "workspace/didChangeConfiguration", "workspace/didRenameFiles": break
        case "shutdown":
            shutdownAsked = true
            respond(id: id, result: .null)
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeWatchedFiles": changedOnDisk()
        case "textDocument/completion":
            answer(id, params) { features, document, position in .from(features.completion(document, position).ending(document.lineEnding)) }
        case "textDocument/hover": answer(id, params) { features, document, position in features.hover(document, position).map(JSONValue.from) ?? .null }
        case "textDocument/definition":
            answer(id, params) { features, document, position in features.definition(document, position).map(JSONValue.from) ?? .null }
        case "textDocument/references":
            answer(id, params) { features, document, position in
                .from(features.references(document, position, includeDeclaration: params["context"]?["includeDeclaration"]?.bool ?? false))
            }
        case "textDocument/documentLink":
            answer(id, params, needsPosition: false) { features, document, _ in .from(features.documentLinks(document)) }
        case "textDocument/inlayHint":
            answer(id, params, needsPosition: false) { features, document, _ in
                .from(features.inlayHints(document, range: params["range"]?.decoded(as: LSPRange.self)))
            }
        case "textDocument/documentSymbol":
            answer(id, params, needsPosition: false) { features, document, _ in .from(features.symbols(document)) }
        case "textDocument/prepareRename":
            answer(id, params) { features, document, position in
                features.renameTarget(document, position).map { JSONValue.from(["range": $0.range]) } ?? .null
            }
        case "textDocument/rename": rename(id, params)
        case "workspace/executeCommand": execute(id, params)
        case "workspace/symbol":
            guard let workspace else { return respond(id: id, result: .array([])) }
            respond(id: id, result: .from(Features(workspace: workspace, encoding: encoding).journalSymbols(params["query"]?.string ?? "")))
        case "workspace/willRenameFiles":
            guard let workspace else { return respond(id: id, result: .null) }
            let moves = (params["files"]?.array ?? []).compactMap { file -> Features.Move? in
                guard let from = file["oldUri"]?.string.flatMap(workspace.path(of:)), let to = file["newUri"]?.string.flatMap(workspace.path(of:)) else { return nil }
                return Features.Move(from: from, to: to)
            }
            let edit = Features(workspace: workspace, encoding: encoding).linksAfterMoving(moves)
            respond(id: id, result: edit.changes.isEmpty ? .null : .from(edit))
        case "textDocument/codeAction":
            answer(id, params, needsPosition: false) { features, document, _ in
                let sent = params["context"]?["diagnostics"]?.decoded(as: [LSPDiagnostic].self) ?? []
                let ending = document.lineEnding
                return .from(features.codeActions(document, diagnostics: Self.own(sent, published: published[document.uri] ?? [])).map { $0.ending(ending, in: document.uri) })
            }
        default:
            if id != nil { respond(id: id, error: (-32601, "gazette lsp does not handle \(method)")) }
        }
    }

    /// The files whose change outside the editor changes what the open journals are checked
    /// against: journals, gazette.yml, the article store (`gazette fetch` in a terminal), and
    /// pictures (one saved beside a journal, or replaced). Registered once the editor is ready,
    /// where it takes watchers; their changes arrive as `workspace/didChangeWatchedFiles`.
    /// Only the site's sources: a build in a terminal writes hundreds of pictures into its
    /// output, which would each read the site again.
    static let watchedFiles: [String] = {
        let pictures = "*.{" + JournalPictures.extensions.sorted().flatMap { [$0, $0.uppercased()] }.joined(separator: ",") + "}"
        return [
            "**/\(JournalLoader.folder)/**/*.md", "**/\(ConfigLoader.fileName)", "**/content/articles/**",
            "**/\(JournalLoader.folder)/**/" + pictures, "**/\(SiteLayout.statics)/**/" + pictures,
        ]
    }()

    private func watchFiles() {
        guard watchesFiles else { return }
        let watchers = Self.watchedFiles.map { JSONValue.object(["globPattern": .string($0)]) }
        send(
            .object([
                "jsonrpc": .string("2.0"), "id": .string("gazette-watch"), "method": .string("client/registerCapability"),
                "params": .object([
                    "registrations": .array([
                        .object([
                            "id": .string("gazette-watch"), "method": .string("workspace/didChangeWatchedFiles"),
                            "registerOptions": .object(["watchers": .array(watchers)]),
                        ])
                    ])
                ]),
            ]))
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        watchesFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
        appliesEdits = params["capabilities"]?["workspace"]?["applyEdit"]?.bool ?? false
        encoding = offered.contains("utf-8") ? .utf8 : offered.contains("utf-32") ? .utf32 : .utf16
        var folder: URL?
        if let uri = params["workspaceFolders"]?.array?.first?["uri"]?.string ?? params["rootUri"]?.string, let url = URL(string: uri), url.isFileURL {
            folder = SiteFolder.find(from: url) ?? url
        } else if let path = params["rootPath"]?.string {
            folder = SiteFolder.find(from: URL(fileURLWithPath: path))
        }
        if let folder { start(folder) }
        let capabilities: [String: JSONValue] = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": .object(["openClose": .bool(true), "change": .number(2), "save": .bool(true)]),
            "completionProvider": .object(["triggerCharacters": .array([":", " ", "[", ",", "(", "/", "-", "^"].map(JSONValue.string))]),
            "hoverProvider": .bool(true), "definitionProvider": .bool(true), "documentSymbolProvider": .bool(true),
            "workspaceSymbolProvider": .bool(true), "referencesProvider": .bool(true), "inlayHintProvider": .bool(true),
            "documentLinkProvider": .object(["resolveProvider": .bool(false)]),
            "renameProvider": .object(["prepareProvider": .bool(true)]),
            "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
            "executeCommandProvider": .object(["commands": .array([
                .string(Features.storeCommand), .string(Features.copyPictureCommand), .string(Features.renamePictureCommand), .string(Features.downloadPictureCommand),
            ])]),
            // Renaming a journal's file in the editor: the links to it follow.
            "workspace": .object([
                "fileOperations": .object([
                    "willRename": .object([
                        "filters": .array([
                            .object(["scheme": .string("file"), "pattern": .object(["glob": .string("**/content/journals/**/*.md"), "matches": .string("file")])])
                        ])
                    ])
                ])
            ]),
        ]
        return .object([
            "capabilities": .object(capabilities),
            "serverInfo": .object(["name": .string("gazette"), "version": .string(GazetteRelease.version)]),
        ])
    }

    private func start(_ root: URL) {
        let workspace = Workspace(root: root)
        workspace.reload()
        self.workspace = workspace
    }

    // MARK: - Documents

    private func didOpen(_ params: JSONValue) {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
        var started = false
        if workspace == nil, let url = URL(string: uri), url.isFileURL, let root = SiteFolder.find(from: url.deletingLastPathComponent()) {
            start(root)
            started = true
        }
        guard let workspace else { return }
        workspace.documents[uri] = TextDocument(uri: uri, path: workspace.path(of: uri), version: item["version"]?.int ?? 0, text: text)
        refresh(changed: uri)
        if started { publishErrorsOnDisk() }
    }

    private func didChange(_ params: JSONValue) {
        guard let workspace, let uri = params["textDocument"]?["uri"]?.string, var document = workspace.documents[uri] else { return }
        for change in params["contentChanges"]?.array ?? [] { document.apply(change, encoding: encoding) }
        document.version = params["textDocument"]?["version"]?.int ?? document.version + 1
        workspace.documents[uri] = document
        refresh(changed: uri)
    }

    private func didSave(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.string else { return }
        if let text = params["text"]?.string { workspace?.documents[uri]?.text = text }
        refresh(changed: uri)
    }

    private func didClose(_ params: JSONValue) {
        guard let workspace, let uri = params["textDocument"]?["uri"]?.string, let document = workspace.documents[uri] else { return }
        workspace.documents[uri] = nil
        publish(uri: uri, diagnostics: [])
        // What the disk holds counts again.
        guard let path = document.path else { return }
        if Workspace.isJournal(path) {
            if workspace.revert(path, now: now()) { publishAll() }
            // The file as saved: its errors are the site's again (the load's, or the buffer's
            // errors if it was closed unsaved and the disk still holds what was loaded).
            let saved = diskText(path) ?? ""
            let errors = workspace.problems(in: TextDocument(uri: uri, path: path, version: 0, text: saved), now: now()).filter { $0.severity == .error }
            closedErrors[uri] = errors.isEmpty ? nil : errors
            if !errors.isEmpty { publish(uri: uri, diagnostics: converted(errors, text: saved)) }
        } else {
            workspace.reload()
            publishAll()
            publishErrorsOnDisk()
        }
    }

    /// A file changed on disk (the store after `gazette add`, a journal saved by another tool):
    /// the site is read again and every open document checked against it.
    private func changedOnDisk() {
        guard let workspace else { return }
        workspace.reload()
        publishAll()
        publishErrorsOnDisk()
    }

    /// Each file not open in the editor that stops the build, by URI, as last published.
    private var closedErrors: [String: [Diagnostic]] = [:]

    /// The errors of files not open in the editor (a teammate's journal after `git pull`, a
    /// picture deleted, a merge left in the store): published so the editor lists them with the
    /// open files' problems — what stops `gazette build` is seen before building. Warnings of
    /// closed files are `gazette check`'s: they depend on every other file and would go stale.
    private func publishErrorsOnDisk() {
        guard let workspace else { return }
        // Open files by path: an editor may spell a file's URI otherwise than `uri(of:)` does
        // (which characters it percent-encodes), and an open file's own diagnostics stand.
        let open = Set(workspace.documents.values.compactMap(\.path))
        let now = workspace.errorsOnDisk.filter { !$0.key.isEmpty && !open.contains($0.key) }
        let uris = Dictionary(uniqueKeysWithValues: now.keys.map { (workspace.uri(of: $0), $0) })
        for uri in closedErrors.keys where uris[uri] == nil && !open.contains(workspace.path(of: uri) ?? "") { publish(uri: uri, diagnostics: []) }
        for (uri, path) in uris.sorted(by: { $0.key < $1.key }) where closedErrors[uri] != now[path] {
            publish(uri: uri, diagnostics: converted(now[path] ?? [], text: diskText(path) ?? ""))
        }
        closedErrors = Dictionary(uniqueKeysWithValues: uris.map { ($0.key, now[$0.value] ?? []) })
    }

    /// The file at site-relative `path` as the disk holds it.
    private func diskText(_ path: String) -> String? {
        guard let workspace else { return nil }
        return DiskSource(root: workspace.root).contents(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `diagnostics` of a file holding `text`, in the protocol's terms.
    private func converted(_ diagnostics: [Diagnostic], text: String) -> [LSPDiagnostic] {
        let lines = text.editorLines()
        return diagnostics.map { DiagnosticRanges.convert($0, lines: lines, encoding: encoding) }
    }

    /// After an edit: the document is checked again. An edit to gazette.yml changes what every
    /// journal is checked against: the site is read again. An edit to a journal's slug, date,
    /// article or tags changes what the other journals are checked against: they are
    /// checked again too, against the journal as it is in the buffer.
    private func refresh(changed uri: String) {
        guard let workspace, let document = workspace.documents[uri] else { return }
        guard let path = document.path, Workspace.isJournal(path) else {
            workspace.reload()
            publishAll()
            publishErrorsOnDisk()
            return
        }
        if workspace.update(document, now: now()) {
            publishAll(first: uri)
        } else {
            publishDiagnostics(uri)
        }
    }

    /// Publishes every open document's diagnostics, `first` (the one being typed in) first.
    private func publishAll(first: String? = nil) {
        guard let workspace else { return }
        if let first { publishDiagnostics(first) }
        for uri in workspace.documents.keys.sorted() where uri != first { publishDiagnostics(uri) }
    }

    private func publishDiagnostics(_ uri: String) {
        guard let workspace, let document = workspace.documents[uri] else { return }
        let started = DispatchTime.now().uptimeNanoseconds
        publish(uri: uri, diagnostics: converted(workspace.problems(in: document, now: now()), text: document.text), version: document.version)
        latencies.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
    }

    /// The diagnostics a client sends back with a request for code actions, each as this
    /// server published it where it still has it (the same code, message and line): its range
    /// in the encoding agreed and its fix. Neovim 0.7, Debian 12's, sends columns back counted
    /// in bytes (three for a Hangul syllable, which UTF-16 counts as one), so on a line of
    /// Korean a fix made from what it sent replaced text past what it meant to.
    static func own(_ sent: [LSPDiagnostic], published: [LSPDiagnostic]) -> [LSPDiagnostic] {
        sent.map { one in
            published.first { $0.code == one.code && $0.message == one.message && $0.range.start.line == one.range.start.line } ?? one
        }
    }

    private func publish(uri: String, diagnostics: [LSPDiagnostic], version: Int? = nil) {
        published[uri] = diagnostics
        var params: [String: JSONValue] = ["uri": .string(uri), "diagnostics": .from(diagnostics)]
        if let version { params["version"] = .number(Double(version)) }
        notify("textDocument/publishDiagnostics", .object(params))
    }

    // MARK: - Requests on a document

    private func answer(_ id: JSONValue?, _ params: JSONValue, needsPosition: Bool = true, _ make: (Features, TextDocument, Position) -> JSONValue) {
        guard let workspace, let uri = params["textDocument"]?["uri"]?.string, let document = workspace.documents[uri] else {
            respond(id: id, result: .null)
            return
        }
        let position = params["position"]?.decoded(as: Position.self)
        if needsPosition, position == nil {
            respond(id: id, error: (-32602, "the request has no valid position"))
            return
        }
        respond(id: id, result: make(Features(workspace: workspace, encoding: encoding), document, position ?? Position(line: 0, character: 0)))
    }

    private func rename(_ id: JSONValue?, _ params: JSONValue) {
        guard let workspace, let uri = params["textDocument"]?["uri"]?.string, let document = workspace.documents[uri],
            let position = params["position"]?.decoded(as: Position.self), let newName = params["newName"]?.string
        else {
            respond(id: id, error: (-32602, "rename needs a document, a position and a new name"))
            return
        }
        let features = Features(workspace: workspace, encoding: encoding)
        guard let target = features.renameTarget(document, position) else {
            respond(id: id, error: (-32602, "only a tag or an author key can be renamed"))
            return
        }
        guard Vocabulary.isTagKey(newName) else {
            respond(id: id, error: (-32602, "'\(newName)' is not a key: one word without '/' or spaces"))
            return
        }
        // Another key of gazette.yml's already: written over this one, the file would hold it
        // twice (a duplicate key, which stops every build), and journals would name it twice.
        if newName != target.key, let config = workspace.config, Vocabulary.keys(target.kind, in: config).contains(newName) {
            let section = target.kind == .tag ? "tags" : "authors"
            respond(
                id: id,
                error: (
                    -32602,
                    "'\(newName)' is already a \(target.kind.rawValue) in gazette.yml: renaming '\(target.key)' to it would write the key twice; to merge the two, replace '\(target.key)' in the journals and remove it from \(section):"
                ))
            return
        }
        respond(id: id, result: .from(features.rename(target.kind, target.key, to: newName)))
    }

    /// `gazette.storeArticle URL`: the page stored as `gazette add` stores it (the same
    /// network policy, from gazette.yml), then the site read again and the open documents
    /// checked. The store is the only file written, and only when the member asked.
    private func execute(_ id: JSONValue?, _ params: JSONValue) {
        let command = params["command"]?.string
        if command == Features.copyPictureCommand || command == Features.renamePictureCommand {
            pictureFile(id, copy: command == Features.copyPictureCommand, params["arguments"]?.array?.compactMap(\.string) ?? [])
            return
        }
        if command == Features.downloadPictureCommand {
            downloadPicture(id, params["arguments"]?.array?.compactMap(\.string) ?? [])
            return
        }
        let arguments = params["arguments"]?.array?.compactMap(\.string) ?? []
        guard command == Features.storeCommand, let url = arguments.first else {
            respond(
                id: id,
                error: (
                    -32602,
                    "gazette lsp runs only \(Features.storeCommand) URL, \(Features.copyPictureCommand) SOURCE TARGET, \(Features.renamePictureCommand) SOURCE TARGET and \(Features.downloadPictureCommand) URL TARGET DOCUMENT LINE"
                ))
            return
        }
        guard let workspace, let config = workspace.config else {
            respond(id: id, error: (-32603, "no site is loaded (gazette.yml has errors?)"))
            return
        }
        switch store(url, config: config, root: workspace.root) {
        case .success(let stored):
            var said = "Stored: \(stored.article.title)"
            if stored.copy != nil {
                // A portal's copy is stored under the publisher's address: the journal that
                // named the copy (`url`, the document and line after it) names that address.
                said += " — the page is a news portal's copy, stored under the publisher's address \(stored.article.url)"
                if arguments.count == 3, let line = Int(arguments[2]), appliesEdits, let document = workspace.documents[arguments[1]],
                    let edit = document.replacing(url, with: stored.article.url, onLine: line, encoding: encoding)
                {
                    editsSent += 1
                    send(
                        .object([
                            "jsonrpc": .string("2.0"), "id": .string("gazette-edit-\(editsSent)"), "method": .string("workspace/applyEdit"),
                            "params": .object([
                                "label": .string("Name the article by its publisher's address"), "edit": .from(WorkspaceEdit(changes: [arguments[1]: [edit]])),
                            ]),
                        ]))
                }
            }
            notify("window/showMessage", .object(["type": .number(3), "message": .string(said)]))
            respond(id: id, result: .null)
        case .failure(let error):
            let text = error.diagnostics.map(\.message).joined(separator: "; ")
            notify("window/showMessage", .object(["type": .number(1), "message": .string("Could not store the article: \(text)")]))
            respond(id: id, error: (-32603, text))
        }
        changedOnDisk()
    }

    /// `gazette.copyPicture SOURCE TARGET`: a picture on this computer copied beside the journal
    /// that names it (`PictureCopy`); `gazette.renamePicture SOURCE TARGET`: a picture file of
    /// the site named for another kind than it holds, renamed (`PictureRename`). Each checks
    /// both paths again (they come from the editor). Once one is done, the site is read again
    /// and the open documents checked.
    private func pictureFile(_ id: JSONValue?, copy: Bool, _ arguments: [String]) {
        guard arguments.count == 2, let workspace else {
            respond(id: id, error: (-32602, "\(copy ? Features.copyPictureCommand : Features.renamePictureCommand) takes the picture's path and its new path in the site"))
            return
        }
        let (source, target) = (arguments[0], arguments[1])
        let problem =
            copy
            ? PictureCopy.copy(source: source, target: target, root: workspace.root) : PictureRename.rename(source: source, target: target, root: workspace.root)
        if let problem {
            notify("window/showMessage", .object(["type": .number(1), "message": .string("The picture was not \(copy ? "copied" : "renamed"): \(problem)")]))
            respond(id: id, error: (-32603, problem))
        } else {
            notify("window/showMessage", .object(["type": .number(3), "message": .string("\(copy ? "Copied" : "Renamed") to \(target)")]))
            respond(id: id, result: .null)
            changedOnDisk()
        }
    }

    /// `gazette.downloadPicture URL TARGET DOCUMENT LINE`: the picture at URL downloaded with the
    /// site's network policy (`RemotePicture`), saved beside the journal (`PictureDownload`),
    /// then written into the open DOCUMENT at LINE as the file's name by a `workspace/applyEdit`
    /// the server sends; nothing changes when the download fails.
    private func downloadPicture(_ id: JSONValue?, _ arguments: [String]) {
        guard arguments.count == 4, let line = Int(arguments[3]), let workspace, let config = workspace.config else {
            respond(id: id, error: (-32602, "\(Features.downloadPictureCommand) takes the picture's address, its path in the site, the journal's URI and the line"))
            return
        }
        let (url, target, uri) = (arguments[0], arguments[1], arguments[2])
        if let problem = PictureDownload.problem(target: target) {
            respond(id: id, error: (-32602, problem))
            return
        }
        let root = workspace.root
        let saved = runToEnd(orElse: .failure(DiagnosticsError([.error("the picture was not downloaded")]))) { () async -> Result<String, DiagnosticsError> in
            var settings = NetworkSettings()
            settings.userAgent = NetworkSettings.userAgent(version: GazetteRelease.version)
            return await RemotePicture.download(url, config: config, network: settings).flatMap { picture in
                PictureDownload.save(picture.data, kind: picture.kind, at: target, root: root)
            }
        }
        switch saved {
        case .success(let path):
            let file = (path as NSString).lastPathComponent
            var written = false
            if appliesEdits, let document = workspace.documents[uri], let edit = PictureDownload.edit(document, line: line, url: url, file: file, encoding: encoding) {
                written = true
                editsSent += 1
                send(
                    .object([
                        "jsonrpc": .string("2.0"), "id": .string("gazette-edit-\(editsSent)"), "method": .string("workspace/applyEdit"),
                        "params": .object(["label": .string("Write the picture as \(file)"), "edit": .from(WorkspaceEdit(changes: [uri: [edit]]))]),
                    ]))
            }
            let rest = written ? "" : ": write it in the journal as \(file)"
            notify("window/showMessage", .object(["type": .number(3), "message": .string("Saved the picture as \(path)\(rest)")]))
            respond(id: id, result: .null)
            changedOnDisk()
        case .failure(let error):
            let text = error.diagnostics.map(\.message).joined(separator: "; ")
            notify("window/showMessage", .object(["type": .number(1), "message": .string("The picture was not downloaded: \(text)")]))
            respond(id: id, error: (-32603, text))
        }
    }

    /// Runs `work` to its end on this thread (the server answers one message at a time); its
    /// value, which is set before the wait ends (`fallback` only if it were not).
    private func runToEnd<T: Sendable>(orElse fallback: T, _ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<T?>(nil)
        Task.detached {
            let value = await work()
            outcome.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 } ?? fallback
    }

    /// Runs the store's async fetch to its end on this thread (the server answers one message
    /// at a time).
    private func store(_ url: String, config: SiteConfig, root: URL) -> Result<ManualAdd.Outcome, DiagnosticsError> {
        var settings = NetworkSettings()
        settings.maxBodyBytes = 5 << 20
        settings.userAgent = NetworkSettings.userAgent(version: GazetteRelease.version)
        let network = settings
        return runToEnd(orElse: .failure(DiagnosticsError([.error("the article was not stored")]))) { () async -> Result<ManualAdd.Outcome, DiagnosticsError> in
            do {
                return .success(try await ManualAdd.add(url, config: config, siteRoot: root, network: network))
            } catch let error as DiagnosticsError {
                return .failure(error)
            } catch {
                return .failure(DiagnosticsError([.error("\(error)")]))
            }
        }
    }

    // MARK: - Output

    private func respond(id: JSONValue?, result: JSONValue) {
        send(.object(["jsonrpc": .string("2.0"), "id": id ?? .null, "result": result]))
    }

    private func respond(id: JSONValue?, error: (code: Int, message: String)) {
        send(.object(["jsonrpc": .string("2.0"), "id": id ?? .null, "error": .object(["code": .number(Double(error.code)), "message": .string(error.message)])]))
    }

    private func notify(_ method: String, _ params: JSONValue) {
        send(.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
    }

    /// A line for the editor's log (`window/logMessage`), never stdout's text.
    private func log(_ text: String) {
        notify("window/logMessage", .object(["type": .number(3), "message": .string(text)]))
    }

    private func send(_ value: JSONValue) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return }
        writer.send([UInt8](data))
    }
}
