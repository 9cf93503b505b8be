import Foundation

/// Interface text in the site's language. Keys are what templates use under `strings.`.
public enum UIStrings {
    public static func table(_ language: SiteLanguage) -> [String: String] {
        switch language {
        case .ko: korean
        case .en: english
        }
    }

    private static let korean = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.ko) })
    private static let english = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.en) })

    /// Every string, a row each: its key and its text in each language, side by side, so that no
    /// key can lack a language.
    private static let rows: [(key: String, ko: String, en: String)] = [
        ("digest", ko: "이번 주 다이제스트", en: "This week's digest"),
        ("week", ko: "주간", en: "Week"),
        ("weeks", ko: "주차별", en: "Weeks"),
        ("journals", ko: "저널", en: "Journals"),
        ("articles", ko: "기사", en: "Articles"),
        ("tags", ko: "태그", en: "Tags"),
        ("all", ko: "전체", en: "All"),
        ("archive", ko: "아카이브", en: "Archive"),
        ("feed", ko: "피드", en: "Feed"),
        ("skip", ko: "본문으로 건너뛰기", en: "Skip to content"),
        ("updated", ko: "최근 수정", en: "Updated"),
        ("created", ko: "최초 작성", en: "Created"),
        ("author", ko: "작성자", en: "Author"),
        ("tagsLabel", ko: "태그", en: "Tags"),
        ("bookmark", ko: "북마크", en: "Bookmark"),
        ("draftLabel", ko: "초안", en: "Draft"),
        ("addedByMembers", ko: "직접 추가한 기사", en: "Added by members"),
        ("scheduledLabel", ko: "공개 예정", en: "Scheduled"),
        ("journalWritten", ko: "저널 작성됨", en: "Journal written"),
        ("noJournals", ko: "아직 저널이 없어요.", en: "No journals yet."),
        ("noArticles", ko: "이 주에 수집된 기사가 없어요.", en: "No articles were collected this week."),
        ("allArticles", ko: "이 주의 기사 모두 보기", en: "All of this week's articles"),
        ("backToWeek", ko: "이 주의 저널로", en: "Back to the week's journals"),
        ("readArticle", ko: "기사 원문 보기", en: "Read the article"),
        ("article", ko: "기사", en: "Article"),
        ("publisher", ko: "언론사", en: "Publisher"),
        ("published", ko: "발행", en: "Published"),
        ("previousWeek", ko: "이전 주", en: "Previous week"),
        ("nextWeek", ko: "다음 주", en: "Next week"),
        ("notFoundTitle", ko: "페이지를 찾을 수 없어요", en: "Page not found"),
        ("notFoundBody", ko: "주소가 바뀌었거나 없는 페이지예요.", en: "The address changed or the page never existed."),
        ("home", ko: "처음으로", en: "Home"),
        ("pages", ko: "페이지", en: "Pages"),
        ("viewAsList", ko: "목록으로 보기", en: "View as list"),
        ("viewAsBoard", ko: "보드로 보기", en: "View as board"),
        ("previousPage", ko: "이전 페이지", en: "Previous page"),
        ("nextPage", ko: "다음 페이지", en: "Next page"),
        ("primaryNav", ko: "주요 메뉴", en: "Main"),
        ("tagNav", ko: "태그 목록", en: "Tags"),
        ("weekNav", ko: "주간 이동", en: "Weeks"),
        ("otherArticles", ko: "기타", en: "Other"),
        ("packet", ko: "스터디 패킷 (PDF)", en: "Study packet (PDF)"),
        ("journalCount", ko: "저널", en: "journals"),
        ("articleCount", ko: "기사", en: "articles"),
        ("articleNotStored", ko: "저장소에 없는 기사", en: "Article not in the store"),
        ("linkedFrom", ko: "이 저널을 인용한 저널", en: "Linked from"),
        ("feedTitleSuffix", ko: "저널", en: "Journals"),
        ("atAGlance", ko: "한눈에 보기", en: "At a glance"),
        ("taskDone", ko: "완료한 항목", en: "Done"),
        ("taskTodo", ko: "남은 항목", en: "To do"),
        ("footnoteBack", ko: "본문으로 돌아가기", en: "Back to the text"),
        ("articlesBySource", ko: "출처별 기사", en: "Articles by source"),
        ("journalsByTag", ko: "태그별 저널", en: "Journals by tag"),
        ("search", ko: "검색", en: "Search"),
        ("searchDescription", ko: "저널을 제목, 본문, 태그, 작성자, 기사 제목으로 찾아요.", en: "Find journals by title, text, tag, author or article title."),
        ("searchLabel", ko: "검색어", en: "Search for"),
        ("searchButton", ko: "찾기", en: "Search"),
        ("searchTag", ko: "태그", en: "Tag"),
        ("searchWeek", ko: "주차", en: "Week"),
        ("searchAnyTag", ko: "모든 태그", en: "Any tag"),
        ("searchAnyWeek", ko: "모든 주", en: "Any week"),
        ("searchNeedsScript", ko: "검색은 자바스크립트가 켜져 있어야 동작해요. 아카이브나 태그별 페이지에서 저널을 찾아보세요:", en: "Search needs JavaScript. Browse the journals in the archive or by tag:"),
        ("searchFound", ko: "저널 {n}개를 찾았어요.", en: "{n} journals found."),
        ("searchFoundOne", ko: "저널 1개를 찾았어요.", en: "1 journal found."),
        ("searchNone", ko: "맞는 저널이 없어요.", en: "No journal matches."),
        ("searchLoading", ko: "찾는 중…", en: "Searching…"),
        ("searchFailed", ko: "검색 색인을 불러오지 못했어요. 페이지를 새로 고쳐 보세요.", en: "The search index could not be loaded. Try reloading the page."),
        ("searchMore", ko: "더 보기", en: "Show more"),
        ("searchPrompt", ko: "검색어를 입력하거나 태그나 주를 고르세요.", en: "Type a word, or pick a tag or a week."),
        ("searchResults", ko: "검색 결과", en: "Search results"),
    ]
}

/// How an article's source is named to readers (pages' groups and charts, the mail): Naver,
/// NewsAPI, MediaStack, a feed's own name, and for what members stored themselves (`gazette add`,
/// `gazette new URL`, the language server's quick fix) 직접 추가한 기사 / Added by members.
public enum SourceNames {
    public static func label(_ source: String, language: SiteLanguage) -> String {
        switch source {
        case "naver": "Naver"
        case "newsapi": "NewsAPI"
        case "mediastack": "MediaStack"
        case "manual": UIStrings.table(language)["addedByMembers"] ?? source
        case let feed where feed.hasPrefix("feed:"): String(feed.dropFirst(5))
        default: source
        }
    }
}
