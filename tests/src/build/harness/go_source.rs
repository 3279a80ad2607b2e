//! The user's Go file as LeetCode takes it. LeetCode compiles a Go solution into its own
//! `package main` and adds the standard imports the solution uses, as `goimports` does, so a
//! published solution may open with a `package` line of its own (`package leetcode`, copied
//! from a repository) or none, and may call `list.New()` or `sort.Ints` with no import line.
//! Both compile there; here the harness's `main.go` is `package main`, so the user's clause
//! becomes `package main` and each standard package used but not imported is imported.
//!
//! The user's lines keep their numbers: a `//line` directive names the user's file and line 1
//! for the first of them, the package clause is rewritten in place, and the imports go on the
//! package clause's line (`package main; import "sort"`), or before the directive when there
//! is no clause.
//!
//! An added import must not be "imported and not used", which Go refuses: a name that looks
//! like a package may be a local variable (`heap := &MinHeap{}; heap.Push(x)`) that the import
//! would never serve. So each added import is also used once, after the user's last line, by
//! `var _ = list.New`: harmless when the solution uses the package too, and it keeps the
//! import used when a local variable shadows it. A package is imported only where the name is
//! not taken at the top level of the file (`func sort(...)`, `var list ...`), where the
//! import would clash with the user's own declaration.

use std::ops::Range;

/// A standard package that a solution may use without importing it: the name it is used by,
/// its import path, and one of its non-generic functions, which keeps the import used.
struct StandardPackage {
    name: &'static str,
    path: &'static str,
    used_by: &'static str,
}

/// The standard packages LeetCode solutions use, as `goimports` resolves their names (`rand`
/// is `math/rand`, not `crypto/rand`). Generic packages (`slices`, `maps`, `cmp`, Go 1.21)
/// are not here: none of them has a non-generic function to keep its import used.
const STANDARD_PACKAGES: [StandardPackage; 21] = [
    package("bufio", "bufio", "NewReader"),
    package("bytes", "bytes", "Equal"),
    package("heap", "container/heap", "Init"),
    package("list", "container/list", "New"),
    package("ring", "container/ring", "New"),
    package("errors", "errors", "New"),
    package("fmt", "fmt", "Sprint"),
    package("big", "math/big", "NewInt"),
    package("bits", "math/bits", "OnesCount"),
    package("math", "math", "Abs"),
    package("rand", "math/rand", "Intn"),
    package("os", "os", "Exit"),
    package("reflect", "reflect", "DeepEqual"),
    package("regexp", "regexp", "MustCompile"),
    package("sort", "sort", "Ints"),
    package("strconv", "strconv", "Itoa"),
    package("strings", "strings", "Index"),
    package("sync", "sync", "NewCond"),
    package("time", "time", "Now"),
    package("unicode", "unicode", "IsDigit"),
    package("utf8", "unicode/utf8", "RuneLen"),
];

const fn package(name: &'static str, path: &'static str, used_by: &'static str) -> StandardPackage {
    StandardPackage {
        name,
        path,
        used_by,
    }
}

/// The text of `solution.go`: `text`, the user's file saved as `path`, in `package main` with
/// the standard imports it uses, its lines numbered as in the user's file.
pub fn as_leetcode_takes_it(text: &str, path: &str) -> String {
    let file = GoFile::new(text);
    let added = file.missing_imports();
    let imports: String = added
        .iter()
        .map(|package| format!("; import \"{}\"", package.path))
        .collect();
    let directive = format!("//line {path}:1\n");
    let mut whole = match file.package_name() {
        Some(name) => {
            let (before, after) = (&text[..name.start], &text[name.end..]);
            format!("{directive}{before}main{imports}{after}")
        }
        None => format!("package main{imports}\n{directive}{text}"),
    };
    if !added.is_empty() {
        whole.push('\n');
    }
    for package in added {
        whole.push_str(&format!("var _ = {}.{}\n", package.name, package.used_by));
    }
    whole
}

/// What a token is, as far as finding package names needs: a word (an identifier or a
/// keyword), a literal (a string, a rune or a number), or one character of punctuation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Word,
    Literal,
    Mark,
}

/// A token of Go source: its kind, its bytes in the text, and whether it is the first on its
/// line (where a grouped declaration names what it declares).
#[derive(Debug, Clone, Copy)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
    first_on_line: bool,
}

/// Go source cut into tokens, comments and white space left out, so that `list.New` in a
/// comment or a string is not taken for a use.
struct GoFile<'a> {
    text: &'a str,
    tokens: Vec<Token>,
}

impl<'a> GoFile<'a> {
    fn new(text: &'a str) -> GoFile<'a> {
        GoFile {
            text,
            tokens: tokens(text),
        }
    }

    fn text_of(&self, index: usize) -> Option<&'a str> {
        let token = self.tokens.get(index)?;
        Some(&self.text[token.start..token.end])
    }

    fn word(&self, index: usize) -> Option<&'a str> {
        let token = self.tokens.get(index)?;
        (token.kind == Kind::Word).then(|| &self.text[token.start..token.end])
    }

    fn mark(&self, index: usize) -> Option<char> {
        let token = self.tokens.get(index)?;
        let text = &self.text[token.start..token.end];
        (token.kind == Kind::Mark)
            .then(|| text.chars().next())
            .flatten()
    }

    /// The mark before token `index`, if any.
    fn mark_before(&self, index: usize) -> Option<char> {
        index.checked_sub(1).and_then(|before| self.mark(before))
    }

    /// Where the package clause names the package, if the file opens with one.
    fn package_name(&self) -> Option<Range<usize>> {
        let name = self.tokens.get(1)?;
        let clause = self.word(0) == Some("package") && name.kind == Kind::Word;
        clause.then_some(name.start..name.end)
    }

    /// The standard packages the file uses as `name.Exported` and neither imports nor
    /// declares a name of its own for, in the table's order.
    fn missing_imports(&self) -> Vec<&'static StandardPackage> {
        let imports = self.imports();
        let declared = self.top_level_names();
        STANDARD_PACKAGES
            .iter()
            .filter(|package| {
                let imported = imports
                    .iter()
                    .any(|(name, path)| *path == package.path || *name == package.name);
                !imported && !declared.contains(&package.name) && self.uses(package.name)
            })
            .collect()
    }

    /// Whether `name` is used as a package: `name.Exported`, not after a dot (`x.list.Len`
    /// is a field's).
    fn uses(&self, name: &str) -> bool {
        (0..self.tokens.len()).any(|index| {
            let exported = self
                .word(index + 2)
                .and_then(|selector| selector.chars().next())
                .is_some_and(char::is_uppercase);
            self.word(index) == Some(name)
                && self.mark_before(index) != Some('.')
                && self.mark(index + 1) == Some('.')
                && exported
        })
    }

    /// Each import's name (given, or the path's last element) and path.
    fn imports(&self) -> Vec<(&'a str, &'a str)> {
        let mut imports = Vec::new();
        for index in 0..self.tokens.len() {
            if self.word(index) != Some("import") {
                continue;
            }
            let grouped = self.mark(index + 1) == Some('(');
            let mut next = index + 1 + usize::from(grouped);
            while let Some((spec, after)) = self.import_spec(next) {
                imports.push(spec);
                next = after + usize::from(self.mark(after) == Some(';'));
                if !grouped {
                    break;
                }
            }
        }
        imports
    }

    /// The import spec at token `index` (`"sort"`, `s "sort"`, `. "math"`): its name and
    /// path, and the token after it.
    fn import_spec(&self, index: usize) -> Option<((&'a str, &'a str), usize)> {
        // A name stands before its path; in a group, a path may stand before the next path.
        let kind = |at: usize| self.tokens.get(at).map(|token| token.kind);
        let named = kind(index) != Some(Kind::Literal) && kind(index + 1) == Some(Kind::Literal);
        let at = index + usize::from(named);
        let token = self.tokens.get(at)?;
        if token.kind != Kind::Literal || token.end - token.start < 2 {
            return None;
        }
        let path = &self.text[token.start + 1..token.end - 1];
        let name = match named {
            true => self.text_of(index)?,
            false => path.rsplit('/').next().unwrap_or(path),
        };
        Some(((name, path), at + 1))
    }

    /// The names the file declares at its top level, which an import of the same name would
    /// clash with: after `func`, `var`, `const` or `type` (not a method's: its name follows
    /// the receiver's `)`), and first on a line of a grouped `var (`, `const (` or `type (`.
    fn top_level_names(&self) -> Vec<&'a str> {
        let mut names = Vec::new();
        let (mut braces, mut parens) = (0usize, 0usize);
        let mut in_group = false;
        for (index, token) in self.tokens.iter().enumerate() {
            match self.mark(index) {
                Some('{') => braces += 1,
                Some('}') => braces = braces.saturating_sub(1),
                Some('(') => parens += 1,
                Some(')') => parens = parens.saturating_sub(1),
                _ => {}
            }
            in_group &= parens > 0;
            let Some(word) = self.word(index) else {
                continue;
            };
            if braces > 0 {
                continue;
            }
            let before = index.checked_sub(1).and_then(|before| self.word(before));
            let declares = matches!(before, Some("func" | "var" | "const" | "type"));
            let starts_spec =
                token.first_on_line || matches!(self.mark_before(index), Some('(' | ';'));
            if (declares && parens == 0) || (in_group && parens == 1 && starts_spec) {
                names.push(word);
            }
            let opens_group = matches!(word, "var" | "const" | "type");
            in_group |= opens_group && parens == 0 && self.mark(index + 1) == Some('(');
        }
        names
    }
}

/// A program of ours that uses every package of [`STANDARD_PACKAGES`] (the harness's among
/// them): its build leaves their compiled forms in a Go build cache, which each build of a
/// user's file then starts from, so that the standard library is compiled once per toolchain,
/// not once per build (a build from an empty cache spends about 10 s of CPU on it).
pub fn standard_packages_program() -> String {
    let mut text = String::from("package main\n\nimport (\n");
    for package in &STANDARD_PACKAGES {
        text.push_str(&format!("\t\"{}\"\n", package.path));
    }
    text.push_str(")\n\n");
    for package in &STANDARD_PACKAGES {
        text.push_str(&format!("var _ = {}.{}\n", package.name, package.used_by));
    }
    text.push_str("\nfunc main() {}\n");
    text
}

/// The tokens of `text`, comments and white space left out.
fn tokens(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut at = 0;
    let mut first_on_line = true;
    while let Some(next) = text[at..].chars().next() {
        let rest = &text[at..];
        let skipped = if next == '\n' {
            first_on_line = true;
            1
        } else if next.is_whitespace() {
            next.len_utf8()
        } else if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if let Some(comment) = rest.strip_prefix("/*") {
            let length = comment.find("*/").map_or(rest.len(), |end| end + 4);
            first_on_line |= rest[..length].contains('\n');
            length
        } else {
            0
        };
        if skipped > 0 {
            at += skipped;
            continue;
        }
        let (kind, length) = token_at(rest, next);
        tokens.push(Token {
            kind,
            start: at,
            end: at + length,
            first_on_line,
        });
        first_on_line = false;
        at += length;
    }
    tokens
}

/// The token that `rest` opens with, `first` its first character: its kind and length.
fn token_at(rest: &str, first: char) -> (Kind, usize) {
    let word_character = |c: char| c.is_alphanumeric() || c == '_';
    let length_while = |keep: &dyn Fn(char) -> bool| {
        rest.char_indices()
            .find(|&(_, c)| !keep(c))
            .map_or(rest.len(), |(end, _)| end)
    };
    match first {
        '"' | '\'' => (Kind::Literal, quoted_length(rest, first)),
        '`' => {
            let end = rest[1..].find('`').map_or(rest.len(), |end| end + 2);
            (Kind::Literal, end)
        }
        digit if digit.is_ascii_digit() => {
            let number = |c: char| word_character(c) || c == '.';
            (Kind::Literal, length_while(&number))
        }
        letter if word_character(letter) => (Kind::Word, length_while(&word_character)),
        mark => (Kind::Mark, mark.len_utf8()),
    }
}

/// The length of the string or rune literal that `rest` opens with, `quote` its quote: to
/// the closing quote not escaped by a backslash, or to the line's end if none closes it.
fn quoted_length(rest: &str, quote: char) -> usize {
    let mut escaped = false;
    for (at, character) in rest.char_indices().skip(1) {
        match character {
            '\n' => return at,
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            _ if character == quote => return at + 1,
            _ => {}
        }
    }
    rest.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wrapped(text: &str) -> String {
        as_leetcode_takes_it(text, "mine.go")
    }

    /// The user's line `number` (from 1) in the wrapped text, as the `//line` directive
    /// numbers it: the lines after the directive.
    fn user_line(whole: &str, number: usize) -> &str {
        let (_, after) = whole
            .split_once("//line mine.go:1\n")
            .expect("the directive");
        after.lines().nth(number - 1).expect("so many lines")
    }

    #[test]
    fn a_solution_without_package_or_imports_is_only_put_in_package_main() {
        let text = "func f(a []int) int {\n\treturn len(a)\n}\n";
        assert_eq!(
            wrapped(text),
            format!("package main\n//line mine.go:1\n{text}")
        );
    }

    #[test]
    fn any_package_clause_becomes_package_main_on_its_own_line() {
        for clause in ["package leetcode", "package win", "package main"] {
            let text = format!("// A comment first.\n{clause}\n\nfunc f() int {{ return 1 }}\n");
            let whole = wrapped(&text);
            assert!(whole.starts_with("//line mine.go:1\n"), "{whole}");
            assert_eq!(user_line(&whole, 2), "package main");
            assert_eq!(user_line(&whole, 4), "func f() int { return 1 }");
            assert_eq!(whole.matches("package").count(), 1, "{whole}");
        }
    }

    #[test]
    fn standard_packages_used_without_imports_are_imported_on_the_package_line() {
        let text = "package leetcode\n\nfunc f(a []int) int {\n\tsort.Ints(a)\n\t\
                    l := list.New()\n\tl.PushBack(math.MaxInt32)\n\treturn l.Len()\n}\n";
        let whole = wrapped(text);
        assert_eq!(
            user_line(&whole, 1),
            "package main; import \"container/list\"; import \"math\"; import \"sort\""
        );
        assert_eq!(user_line(&whole, 4), "\tsort.Ints(a)");
        assert!(
            whole.ends_with("}\n\nvar _ = list.New\nvar _ = math.Abs\nvar _ = sort.Ints\n"),
            "{whole}"
        );
        let bare = "func f(a []int) { sort.Ints(a) }\n";
        assert_eq!(
            wrapped(bare),
            format!("package main; import \"sort\"\n//line mine.go:1\n{bare}\nvar _ = sort.Ints\n")
        );
    }

    #[test]
    fn packages_already_imported_are_not_imported_again() {
        let text = "package main\n\nimport (\n\t\"sort\"\n\th \"container/heap\"\n)\n\n\
                    import \"strings\"\n\nfunc f(a []string) string { sort.Strings(a); \
                    h.Init(nil); heap.Fix(nil, 0); return strings.Join(a, \"\") + fmt.Sprint(1) }\n";
        let whole = wrapped(text);
        // `heap` is used, but its path is imported under another name: as Go would, the
        // name stays undefined rather than the path being imported twice.
        assert_eq!(user_line(&whole, 1), "package main; import \"fmt\"");
        assert!(whole.ends_with("\nvar _ = fmt.Sprint\n"), "{whole}");
        // A group of paths alone, one after another, each on its line: `fmt` was read as the
        // name of the `sort` after it, and imported a second time ("fmt redeclared").
        let text = "package main\n\nimport (\n\t\"fmt\"\n\t\"sort\"\n)\n\n\
                    func f(a []int) string { sort.Ints(a); return fmt.Sprint(a) }\n";
        let whole = wrapped(text);
        assert_eq!(user_line(&whole, 1), "package main", "{whole}");
        assert!(!whole.contains("var _ ="), "{whole}");
    }

    #[test]
    fn names_that_are_not_package_uses_import_nothing() {
        let texts = [
            // In a comment, a string, a raw string, a rune.
            "// sort.Ints(a)\n/* list.New() */\nvar s = \"math.Abs\" + `strings.Join` + string('\\'')\n",
            // A field or method of something else, and a selector that is not exported.
            "func f(x T) { x.list.Init(); x.sort.Ints(); list.len(); math.abs() }\n",
            // Declared at the top level by the user.
            "func sort(a []int) {}\nvar list = T{}\nconst (\n\tmath = 1\n\tbits, n = 2, 3\n)\n\
             type strings struct{}\nfunc g() { sort.X(); list.Y(); math.Z; bits.W; strings.V }\n",
        ];
        for text in texts {
            let whole = wrapped(text);
            assert_eq!(whole, format!("package main\n//line mine.go:1\n{text}"));
        }
    }

    /// A local variable named as a package hides it, yet the import is kept used, so a
    /// solution that uses the package elsewhere compiles, and one that does not is not refused
    /// for an unused import.
    #[test]
    fn a_local_name_that_shadows_a_package_still_leaves_the_import_used() {
        let text = "func f(h *H) {\n\theap := h\n\theap.Push(1)\n}\n";
        let whole = wrapped(text);
        assert!(whole.starts_with("package main; import \"container/heap\"\n"));
        assert!(whole.ends_with("}\n\nvar _ = heap.Init\n"), "{whole}");
        // A method's name is not a top-level name: the package is still imported.
        let method = "func (c *Cache) list() { l := list.New(); _ = l }\n";
        assert!(wrapped(method).contains("import \"container/list\""));
    }

    #[test]
    fn tokens_skip_comments_and_know_the_first_on_each_line() {
        let text = "a /* x\ny */ b.C // d\n\"e\\\"f\" 1.5 'g'";
        let words: Vec<(Kind, &str, bool)> = tokens(text)
            .iter()
            .map(|token| {
                (
                    token.kind,
                    &text[token.start..token.end],
                    token.first_on_line,
                )
            })
            .collect();
        assert_eq!(
            words,
            [
                (Kind::Word, "a", true),
                (Kind::Word, "b", true),
                (Kind::Mark, ".", false),
                (Kind::Word, "C", false),
                (Kind::Literal, "\"e\\\"f\"", true),
                (Kind::Literal, "1.5", false),
                (Kind::Literal, "'g'", false),
            ]
        );
    }
}
