import Foundation

/// Addresses that name a file on a member's own computer — what an editor writes when a picture
/// is dragged in from a folder outside the site, or a path is pasted from a file manager:
/// `file:///…`, `C:\Users\…`, `/Users/…`, `/home/…`, `~/…`. No page can show such a file; it has
/// to be copied into the site. Read, never opened: only the address's text is looked at.
public enum LocalFilePath {
    /// Absolute folders that hold people's own files on Linux, macOS and removable disks, not
    /// a site's `static/` paths (`/images/chart.png`).
    static let personalFolders = ["/home/", "/Users/", "/root/", "/tmp/", "/mnt/", "/media/", "/run/media/", "/Volumes/", "/private/", "/var/folders/"]

    /// The file's name when `address` names a file on a computer, else nil.
    public static func fileName(of address: String) -> String? {
        let text = address.unicodeScalars
        let isLocal: Bool
        if SafeURL.scheme(address) == "file" {
            isLocal = true
        } else if text.count >= 3, case let first = text[text.startIndex], ("a"..."z").contains(first) || ("A"..."Z").contains(first),
            text[text.index(after: text.startIndex)] == ":", case let third = text[text.index(text.startIndex, offsetBy: 2)], third == "\\" || third == "/"
        {
            isLocal = true  // C:\Users\me\chart.png, d:/photos/x.jpg
        } else {
            isLocal = address.hasPrefix("~/") || address.hasPrefix("\\\\") || personalFolders.contains { address.hasPrefix($0) }
        }
        guard isLocal else { return nil }
        let name = String(String.UnicodeScalarView(text.reversed().prefix { $0 != "/" && $0 != "\\" }.reversed()))
        let decoded = name.removingPercentEncodingOrSelf
        return decoded.isEmpty ? nil : decoded
    }

    /// The path on this computer that `address` names (a `file:` URL's path, `~/…` under
    /// `home`, an absolute path as it is), or nil for an address that names none here (a
    /// Windows drive, another host's `file:`).
    public static func pathOnThisComputer(_ address: String, home: String) -> String? {
        guard fileName(of: address) != nil else { return nil }
        if SafeURL.scheme(address) == "file" {
            guard let url = URL(string: address), url.isFileURL, url.host == nil || url.host == "" || url.host == "localhost" else { return nil }
            return url.path
        }
        if address.hasPrefix("~/") { return (home.hasSuffix("/") ? String(home.dropLast()) : home) + address.dropFirst() }
        guard address.hasPrefix("/") else { return nil }
        return address.removingPercentEncodingOrSelf
    }

    /// What to write instead, for a picture (`![alt](name)`, beside the journal in `folder`) or a
    /// link (`[text](/name)`, the file in `static/`): the hint of the diagnostic that names it.
    /// `text` nil: the link's text is not at hand (a build's link check), so the address alone.
    public static func hint(name: String, text: String?, isPicture: Bool, folder: String) -> String {
        let address = name.contains(" ") ? "<\(name)>" : name
        if isPicture { return "did you mean '![\(text ?? "")](\(address))'? copy the file beside the journal, as \(folder)/\(name)" }
        let link = text.map { "[\($0)](/\(address))" } ?? "/\(address)"
        return "copy the file into static/, as static/\(name), and link to it as \(link), or link to where it is on the web"
    }
}

extension String {
    /// Percent-decoded, or as it is when it is not valid percent-encoding.
    fileprivate var removingPercentEncodingOrSelf: String {
        guard contains("%") else { return self }
        return removingPercentEncoding ?? self
    }
}
