import Foundation
import GazetteModel

/// Interface text in the site's language. Keys are what templates use under `strings.`.
enum UIStrings {
    static func table(_ language: SiteLanguage) -> [String: String] {
        switch language {
        case .ko:
            [
                "digest": "이번 주 다이제스트", "week": "주간", "weeks": "주차별", "journals": "저널", "articles": "기사",
                "tags": "태그", "all": "전체", "archive": "아카이브", "feed": "피드", "skip": "본문으로 건너뛰기",
                "updated": "최근 수정", "created": "최초 작성", "author": "작성자", "tagsLabel": "태그",
                "bookmark": "북마크", "journalWritten": "저널 작성됨", "noJournals": "아직 저널이 없어요.",
                "noArticles": "이 주에 수집된 기사가 없어요.", "readArticle": "기사 원문 보기", "article": "기사",
                "publisher": "언론사", "published": "발행", "previousWeek": "이전 주", "nextWeek": "다음 주",
                "notFoundTitle": "페이지를 찾을 수 없어요", "notFoundBody": "주소가 바뀌었거나 없는 페이지예요.",
                "home": "처음으로", "pages": "페이지", "viewAsList": "목록으로 보기", "viewAsBoard": "보드로 보기", "previousPage": "이전 페이지", "nextPage": "다음 페이지", "primaryNav": "주요 메뉴", "tagNav": "태그 목록", "weekNav": "주간 이동",
                "otherArticles": "기타", "packet": "스터디 패킷 (PDF)", "journalCount": "저널", "articleCount": "기사",
                "articleNotStored": "저장소에 없는 기사", "feedTitleSuffix": "저널",
                "atAGlance": "한눈에 보기", "taskDone": "완료한 항목", "taskTodo": "남은 항목", "articlesBySource": "출처별 기사", "journalsByTag": "태그별 저널",
                "search": "검색", "searchDescription": "저널을 제목, 본문, 태그, 작성자, 기사 제목으로 찾아요.", "searchLabel": "검색어",
                "searchButton": "찾기", "searchTag": "태그", "searchWeek": "주차", "searchAnyTag": "모든 태그", "searchAnyWeek": "모든 주",
                "searchNeedsScript": "검색은 자바스크립트가 켜져 있어야 동작해요. 아카이브나 태그별 페이지에서 저널을 찾아보세요:",
                "searchFound": "저널 {n}개를 찾았어요.", "searchFoundOne": "저널 1개를 찾았어요.", "searchNone": "맞는 저널이 없어요.",
                "searchLoading": "찾는 중…", "searchFailed": "검색 색인을 불러오지 못했어요. 페이지를 새로 고쳐 보세요.", "searchMore": "더 보기",
                "searchPrompt": "검색어를 입력하거나 태그나 주를 고르세요.", "searchResults": "검색 결과",
            ]
        case .en:
            [
                "digest": "This week's digest", "week": "Week", "weeks": "Weeks", "journals": "Journals",
                "articles": "Articles", "tags": "Tags", "all": "All", "archive": "Archive", "feed": "Feed",
                "skip": "Skip to content", "taskDone": "Done", "taskTodo": "To do", "updated": "Updated", "created": "Created", "author": "Author",
                "tagsLabel": "Tags", "bookmark": "Bookmark", "journalWritten": "Journal written",
                "noJournals": "No journals yet.", "noArticles": "No articles were collected this week.",
                "readArticle": "Read the article", "article": "Article", "publisher": "Publisher",
                "published": "Published", "previousWeek": "Previous week", "nextWeek": "Next week",
                "notFoundTitle": "Page not found", "notFoundBody": "The address changed or the page never existed.",
                "home": "Home", "pages": "Pages", "viewAsList": "View as list", "viewAsBoard": "View as board", "previousPage": "Previous page", "nextPage": "Next page", "primaryNav": "Main", "tagNav": "Tags", "weekNav": "Weeks", "otherArticles": "Other",
                "packet": "Study packet (PDF)", "journalCount": "journals", "articleCount": "articles",
                "articleNotStored": "Article not in the store", "feedTitleSuffix": "Journals",
                "atAGlance": "At a glance", "articlesBySource": "Articles by source", "journalsByTag": "Journals by tag",
                "search": "Search", "searchDescription": "Find journals by title, text, tag, author or article title.", "searchLabel": "Search for",
                "searchButton": "Search", "searchTag": "Tag", "searchWeek": "Week", "searchAnyTag": "Any tag", "searchAnyWeek": "Any week",
                "searchNeedsScript": "Search needs JavaScript. Browse the journals in the archive or by tag:",
                "searchFound": "{n} journals found.", "searchFoundOne": "1 journal found.", "searchNone": "No journal matches.",
                "searchLoading": "Searching…", "searchFailed": "The search index could not be loaded. Try reloading the page.", "searchMore": "Show more",
                "searchPrompt": "Type a word, or pick a tag or a week.", "searchResults": "Search results",
            ]
        }
    }
}
