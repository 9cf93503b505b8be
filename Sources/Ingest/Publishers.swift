import Foundation

/// A story's publisher when the source does not name one: from the address, by the longest
/// domain suffix in a small table of major Korean and English outlets (so `news.tvchosun.com`
/// is TV조선, not 조선일보), and for Naver News pages from the press office number in the path.
public enum Publishers {
    /// The publisher of the story at `url`, or nil when its domain is not in the table.
    public static func name(forURL url: String) -> String? {
        guard let parts = URLComponents(string: url), let host = parts.host?.lowercased() else { return nil }
        if host.hasSuffix("news.naver.com"), let office = naverOffice(parts), let name = naverOffices[office] {
            return name
        }
        var best: (length: Int, name: String)?
        for (domain, name) in domains where host == domain || host.hasSuffix("." + domain) {
            if domain.count > best?.length ?? 0 { best = (domain.count, name) }
        }
        return best?.name
    }

    /// `n.news.naver.com/mnews/article/001/0014312345` → `001`; older links carry `oid=001`.
    static func naverOffice(_ parts: URLComponents) -> String? {
        let path = parts.path.split(separator: "/")
        if let index = path.firstIndex(of: "article"), index + 1 < path.count { return String(path[index + 1]) }
        return parts.queryItems?.first { $0.name == "oid" }?.value
    }

    static let naverOffices: [String: String] = [
        "001": "연합뉴스", "003": "뉴시스", "008": "머니투데이", "009": "매일경제", "011": "서울경제", "014": "파이낸셜뉴스",
        "015": "한국경제", "018": "이데일리", "020": "동아일보", "023": "조선일보", "025": "중앙일보", "028": "한겨레",
        "032": "경향신문", "052": "YTN", "055": "SBS", "056": "KBS", "214": "MBC", "421": "뉴스1", "437": "JTBC",
        "448": "TV조선", "469": "한국일보",
    ]

    static let domains: [String: String] = [
        // Korean
        "yna.co.kr": "연합뉴스", "yonhapnewstv.co.kr": "연합뉴스TV", "newsis.com": "뉴시스", "news1.kr": "뉴스1",
        "chosun.com": "조선일보", "tvchosun.com": "TV조선", "biz.chosun.com": "조선비즈", "joongang.co.kr": "중앙일보",
        "joins.com": "중앙일보", "donga.com": "동아일보", "hani.co.kr": "한겨레", "khan.co.kr": "경향신문",
        "hankookilbo.com": "한국일보", "seoul.co.kr": "서울신문", "kmib.co.kr": "국민일보", "munhwa.com": "문화일보",
        "segye.com": "세계일보", "hankyung.com": "한국경제", "mk.co.kr": "매일경제", "sedaily.com": "서울경제",
        "mt.co.kr": "머니투데이", "edaily.co.kr": "이데일리", "fnnews.com": "파이낸셜뉴스", "heraldcorp.com": "헤럴드경제",
        "etnews.com": "전자신문", "zdnet.co.kr": "지디넷코리아", "kbs.co.kr": "KBS", "imbc.com": "MBC", "sbs.co.kr": "SBS",
        "ytn.co.kr": "YTN", "jtbc.co.kr": "JTBC", "ichannela.com": "채널A", "mbn.co.kr": "MBN",
        "koreaherald.com": "The Korea Herald", "koreatimes.co.kr": "The Korea Times",
        "koreajoongangdaily.joins.com": "Korea JoongAng Daily",
        // English
        "nytimes.com": "The New York Times", "washingtonpost.com": "The Washington Post", "wsj.com": "The Wall Street Journal",
        "ft.com": "Financial Times", "economist.com": "The Economist", "theguardian.com": "The Guardian",
        "bbc.co.uk": "BBC News", "bbc.com": "BBC News", "reuters.com": "Reuters", "apnews.com": "AP News",
        "bloomberg.com": "Bloomberg", "cnn.com": "CNN", "cnbc.com": "CNBC", "npr.org": "NPR", "aljazeera.com": "Al Jazeera",
        "theverge.com": "The Verge", "techcrunch.com": "TechCrunch", "arstechnica.com": "Ars Technica", "wired.com": "Wired",
        "finance.yahoo.com": "Yahoo Finance", "nikkei.com": "Nikkei", "asia.nikkei.com": "Nikkei Asia",
    ]
}
