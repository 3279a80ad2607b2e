//! The words of a build: its line (`clang++-19 (clang 19.1.7) -std=c++23 -O2
//! -fsanitize=address, as LeetCode builds C++; extra checks: UBSan`), its notes, its sandbox,
//! a refusal as the user reads it, and the judge's own build where it was run again. Pure
//! functions of the facts the build and search layers give ([`Built`], [`Note`],
//! [`SandboxFacts`], [`BuildError`], [`CheckError`], [`JudgeWould`]), and of this layer's
//! count of lines left out.

use super::run::megabytes;
use crate::build::built::{Built, Note, ToolChoice, ToolRun, Version};
use crate::build::error::{
    BuildError, FileDoing, Hint, Label, Reason, Refusal, Setup, StepCause, Why,
};
use crate::build::harness::PackageUse;
use crate::sandbox::binds::Refused;
use crate::sandbox::setup_error::{CacheFault, Doing};
use crate::sandbox::{SandboxFacts, SetupError};
use crate::search::error::{CheckError, Internal};
use crate::search::judge_rerun::{JudgeShows, JudgeWould};
use crate::text::thousands;

/// The report's line for a build: the tool, its version and arguments, the judge, the user's
/// `--std`, and the checks added or turned off.
pub fn line(built: &Built) -> String {
    let Some(tool) = &built.tool else {
        return "none: a command, run as given".to_string();
    };
    let mut line = format!(
        "{}, as {} builds {}",
        tool_and_flags(tool),
        tool.judge,
        tool.language
    );
    if let Some((family, stated)) = &tool.older_than {
        line.push_str(&format!(" (older than its {family} {stated})"));
    }
    if let Some(standard) = tool.standard.as_ref().filter(|_| tool.yours) {
        line.push_str(&format!(" with your --std {standard}"));
    }
    if !tool.extra_checks.is_empty() {
        line.push_str(&format!(
            "; extra checks: {}",
            sanitizer_names(&tool.extra_checks)
        ));
    }
    if tool.sanitizers_off {
        line.push_str(" (sanitizers off: --no-sanitize)");
    }
    line
}

/// The tool and its arguments, its version where it is not its name (`g++ (gcc 12.2.0)
/// -std=c++14 -O2`).
pub fn tool_and_flags(tool: &ToolRun) -> String {
    let mut words = match &tool.version.number {
        Some(_) => format!("{} ({})", tool.name, version(&tool.version)),
        None => tool.name.clone(),
    };
    for arg in &tool.args {
        words.push(' ');
        words.push_str(arg);
    }
    words
}

/// A tool's version as it says it (`clang 19.1.7`), or its name where it says no number.
pub fn version(version: &Version) -> String {
    match &version.number {
        Some(number) => format!("{} {number}", version.family),
        None => version.family.clone(),
    }
}

/// The build in brief, for a table: the tool and its arguments (`clang++-19 -std=c++23 -O2
/// -fsanitize=address`), or `none: a command`.
pub fn brief(built: &Built) -> String {
    match &built.tool {
        Some(tool) => [tool.name.as_str()]
            .into_iter()
            .chain(tool.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" "),
        None => "none: a command".to_string(),
    }
}

/// A note on a build, as its `note:` line says it.
pub fn note(note: &Note) -> String {
    match note {
        Note::OtherTool {
            judge,
            family,
            stated,
            version,
            how,
        } => {
            let theirs = format!("{judge} uses {family} {stated}");
            let version = self::version(version);
            match how {
                ToolChoice::Variable {
                    variable,
                    command,
                    same,
                } => format!(
                    "built with {variable} = {command} ({version}), as you set it{}",
                    if *same {
                        String::new()
                    } else {
                        format!("; {theirs}")
                    }
                ),
                ToolChoice::Judges => format!("{theirs}; this is {version}"),
                ToolChoice::Instead { wanted, command } => format!(
                    "{wanted} not found; built with {command} ({version}); {theirs}: results \
                     may differ"
                ),
            }
        }
        Note::OlderStandard {
            tool,
            edition: false,
            judges,
            used,
            judge,
        } => format!(
            "{tool} does not take -std={judges}, which {judge} uses; built with -std={used}"
        ),
        Note::OlderStandard {
            tool,
            edition: true,
            judges,
            used,
            judge,
        } => format!(
            "{tool} does not take edition {judges}, which {judge} uses; built with edition {used}"
        ),
        Note::ExtraLeftOut { checks, judge, why } => format!(
            "{} left out: your program builds as {judge} builds it, but not with {}: {why}",
            sanitizer_names(checks),
            if checks.len() == 1 { "it" } else { "them" },
        ),
        Note::CannotLink {
            sanitizer,
            compiler,
        } => format!(
            "{} left out: it cannot link on this machine (an empty program does not build with \
             -fsanitize={sanitizer} under {compiler})",
            sanitizer_name(sanitizer)
        ),
        Note::ExtraTooSlow {
            checks,
            judge,
            instance,
            cpu_millis,
            limit_millis,
        } => format!(
            "{} made your program too slow: under {}, instance {} of the plan ran past the \
             {:.1} s limit ({:.3} s of CPU time), and it ended within the limit on {judge}'s \
             own build, which this check then ran on",
            sanitizer_names(checks),
            if checks.len() == 1 { "it" } else { "them" },
            thousands(*instance),
            *limit_millis as f64 / 1000.0,
            *cpu_millis as f64 / 1000.0,
        ),
    }
}

/// The report's line that names the isolation: what the program could reach, and how its
/// limits bind.
pub fn sandbox(facts: &SandboxFacts) -> String {
    match facts {
        SandboxFacts::Bubblewrap {
            version,
            control_group,
            process_limit,
            filters,
            disables_userns,
        } => {
            let limits = match control_group {
                true => "memory and processes bound by a control group".to_string(),
                false => format!(
                    "weaker limits (no control group here): memory summed over its processes, \
                     sampled, and at most {process_limit} processes by RLIMIT_NPROC"
                ),
            };
            let filter = match (filters, disables_userns) {
                (true, true) => "",
                (false, _) => " (no seccomp filter on this processor)",
                (true, false) => " (it may make user namespaces of its own: bubblewrap before 0.8)",
            };
            let version = version
                .as_deref()
                .map_or_else(String::new, |number| format!(" {number}"));
            format!(
                "bubblewrap{version} (none of your files, no network, no other process){filter}; \
                 {limits}"
            )
        }
        SandboxFacts::Unsandboxed => "none (--unsandboxed): the program ran as you, with your \
            files, network and processes within its reach"
            .to_string(),
    }
}

/// A build error as the command line prints it after `error: `.
pub fn error(error: &BuildError) -> String {
    match error {
        BuildError::Refused(refusal) => refused(refusal),
        BuildError::Setup(setup) => build_setup(setup),
        BuildError::Sandbox { running, error } => sandbox_error(running.as_ref(), error),
    }
}

/// What kept a build from being made or run, as the command line prints it after `error: `.
pub fn build_setup(setup: &Setup) -> String {
    match setup {
        Setup::StdNotTaken { standard, language } => format!(
            "--std {standard}: a standard or edition applies to C, C++ and Rust, not to {language}"
        ),
        Setup::StdRefused {
            chosen,
            tool,
            edition,
        } => {
            let flag = if *edition { "--edition " } else { "-std=" };
            format!("--std {chosen}: {tool} does not take {flag}{chosen}")
        }
        Setup::File { doing, path, error } => {
            let path = path.display();
            let done = match doing {
                FileDoing::Create => format!("cannot create {path}"),
                FileDoing::Read => format!("cannot read {path}"),
                FileDoing::Write => format!("cannot write {path}"),
                FileDoing::Remove => format!("cannot remove {path}"),
                FileDoing::Copy => format!("cannot copy {path}"),
                FileDoing::Move => format!("cannot move the build into {path}"),
            };
            match error {
                Some(error) => format!("{done}: {error}"),
                None => done,
            }
        }
        Setup::ToolMissing {
            what,
            program,
            hint,
        } => format!("{what} '{program}' was not found; {hint}"),
        Setup::CommandMissing(label) => format!("cannot start {}: not found", label_words(label)),
        Setup::PastBuildTime {
            seconds,
            what,
            program,
        } => format!(
            "the build ran past {seconds} s of wall-clock time and was stopped ({what} '{program}')"
        ),
        Setup::CannotRun {
            what,
            program,
            cause,
        } => format!("cannot run {what} '{program}': {}", step_cause_words(cause)),
        Setup::NoJar { name, compiler } => {
            format!("no {name} jar beside {compiler} (in its lib/): the run needs it")
        }
        Setup::PackagesUnread(said) => format!("cannot look for LeetCode's npm packages: {said}"),
        Setup::CommandCannotStart { label, said } => format!(
            "{} could not start: {said} (--check builds {} files; anything else is run as a \
             shell command)",
            label_words(label),
            crate::build::languages::extensions(false)
        ),
        Setup::NotTaken {
            solution,
            name,
            why,
        } => format!("{solution}: --check cannot build {name}, which LeetCode takes: {why}"),
        Setup::NoFile(solution) => format!("there is no file {solution}"),
        Setup::NoWholeProgram {
            solution,
            language,
            judge,
        } => format!(
            "{solution}: --check builds {language} as a LeetCode solution only; {judge} take a \
             whole program in {}",
            crate::build::languages::extensions(true)
        ),
        Setup::NotShown { path, why } => {
            format!(
                "the build {} cannot be shown to its runs: {}",
                path.display(),
                refused_words(*why)
            )
        }
        Setup::NoOtherBuild => "this program has no other build".to_string(),
    }
}

/// A sandbox that could not be set up, as the command line prints it after `error: `: for
/// the run of the program `running`, where it was one.
fn sandbox_error(running: Option<&Label>, error: &SetupError) -> String {
    match running {
        Some(label) => format!("cannot run {}: {}", label_words(label), setup_error(error)),
        None => setup_error(error),
    }
}

/// What the user named: `solution.cpp`, `the command 'python3 mine.py'`.
pub fn label_words(label: &Label) -> String {
    match label {
        Label::File(file) => file.clone(),
        Label::Command(command) => format!("the command '{command}'"),
    }
}

/// Why a build step could not run, after `cannot run TOOL 'PROGRAM': `.
fn step_cause_words(cause: &StepCause) -> String {
    match cause {
        StepCause::System(error) => error.clone(),
        StepCause::Sandbox(error) => setup_error(error),
        StepCause::DirRefused { dir, why } => format!(
            "the build's directory {} cannot be bound: {}",
            dir.display(),
            refused_words(*why)
        ),
    }
}

/// The first line a tool said, or that it said nothing.
fn said_words(said: &Option<String>) -> &str {
    said.as_deref().unwrap_or("no message")
}

/// Why the sandbox will not bind a path, after `cannot be shown to its runs: `.
fn refused_words(why: Refused) -> &'static str {
    match why {
        Refused::Missing => "it is not there",
        Refused::System => "it is a device or in the system's own trees",
        Refused::HidesOwnMount => "it would hide the sandbox's own mounts",
        Refused::Shared => "it is in, at or above a folder many programs share",
        Refused::Home => "it is in, at or above a home",
        Refused::Credentials => "it holds credentials",
    }
}

/// Why `--check` could not set up the place the program runs in.
pub fn setup_error(error: &SetupError) -> String {
    match error {
        SetupError::Io { doing, path, error } => {
            let path = path.display();
            match doing {
                Doing::Create => format!("cannot create {path}: {error}"),
                Doing::Read => format!("cannot read {path}: {error}"),
                Doing::MakePrivate => format!("cannot make {path} private: {error}"),
                Doing::Write => format!("cannot write {path}: {error}"),
                Doing::GiveToSandbox => {
                    format!("cannot give {path} to the sandbox's own user: {error}")
                }
            }
        }
        SetupError::CacheRefused { path, why } => {
            let why = match why {
                CacheFault::NotADirectory => "it is not a directory".to_string(),
                CacheFault::OwnedBy(uid) => format!("it belongs to user {uid}, not to you"),
                CacheFault::OthersMayWrite => "others may write in it".to_string(),
            };
            format!(
                "the build cache {} is refused: {why}; remove it, or set TMPDIR elsewhere",
                path.display()
            )
        }
        SetupError::UnsandboxedAsRoot => "--unsandboxed runs your program as you, and you are \
            root: a stranger's program would be the machine's root. Let --check run it in \
            bubblewrap, or run --check as an ordinary user (setpriv --reuid=nobody \
            --regid=nogroup --clear-groups ...)"
            .to_string(),
        SetupError::NoSandbox(why) => format!(
            "no sandbox to run your program in: {}. --check runs no program outside one; \
             --unsandboxed runs it as you, with your files, network and processes within its \
             reach",
            setup_error(why)
        ),
        SetupError::BwrapMissing => {
            "bubblewrap is not installed (Debian and Ubuntu: the package bubblewrap)".to_string()
        }
        SetupError::BwrapCannotStart(error) => format!("bubblewrap cannot start: {error}"),
        SetupError::BwrapRefused(why) => format!(
            "bubblewrap cannot make a sandbox here ({}); user namespaces may be disabled \
             (kernel.unprivileged_userns_clone, or a container's policy)",
            said_words(why)
        ),
        SetupError::NoFilterAsRoot => "--check runs as root on a processor its seccomp filter \
            does not know, and nothing else would keep the sandbox's user from making a user \
            namespace; run --check as an ordinary user here"
            .to_string(),
        SetupError::NoFreeIds { from, to } => format!(
            "--check runs as root, and every id from {from} to {to} is named in /etc/passwd or \
             /etc/group: none is left for the sandbox's own user"
        ),
        SetupError::SetprivMissing => "--check runs as root and drops to a user of the \
            sandbox's own with setpriv, which is missing (Debian and Ubuntu: the package \
            util-linux)"
            .to_string(),
        SetupError::ControlGroup(error) => format!("cannot make a control group: {error}"),
        SetupError::Run(error) => error.clone(),
        SetupError::NotStarted(why) => format!(
            "the run could not be set up before your program started: {}",
            said_words(why)
        ),
        SetupError::Shell {
            shell,
            error: Some(error),
        } => format!("cannot start {shell}: {error}"),
        SetupError::Shell { error: None, .. } => "a waiting shell has no stdin".to_string(),
    }
}

/// Why the judge's build refused the program, under the build's line.
pub fn refused(refusal: &Refusal) -> String {
    let built = &refusal.build.built;
    let line = line(built);
    match &refusal.why {
        Why::DoesNotCompile { reason, hints } => {
            let mut message = format!("your solution does not compile ({line}):\n");
            for note in &built.notes {
                message.push_str(&format!("note: {}\n", self::note(note)));
            }
            message.push_str(&reason_text(reason));
            message.push_str(&hints_text(hints));
            message
        }
        Why::CannotJudge {
            version,
            reason,
            hints,
        } => {
            let (judge, family, stated) = match &built.tool {
                Some(tool) => {
                    let (family, stated) = tool.older_than.clone().unwrap_or_default();
                    (tool.judge.clone(), family, stated)
                }
                None => Default::default(),
            };
            format!(
                "cannot judge the build ({line}): the {} here refuses it, and {judge}'s newer \
                 {family} {stated} may accept it:\n{}{}",
                self::version(version),
                reason_text(reason),
                hints_text(hints)
            )
        }
        Why::PackageMissing { package, used } => {
            let uses = match used {
                PackageUse::Global(name) => {
                    let judge = built.tool.as_ref().map_or("the judge", |tool| &tool.judge);
                    format!("uses {name}, which {judge} provides from the npm package {package}")
                }
                PackageUse::Required => format!("requires the package {package}"),
            };
            format!(
                "cannot judge the build ({line}):\nyour solution {uses}; it is not installed \
                 here (npm install {package}, beside your file or on NODE_PATH)"
            )
        }
        Why::CompileLimit {
            cpu_seconds,
            what,
            program,
        } => format!(
            "your solution does not compile within the compile limit: the build spent \
             {cpu_seconds} s of CPU time and was stopped ({what} '{program}'; judges stop a \
             compiler too, after tens of seconds)"
        ),
        Why::BuildTooLarge {
            held,
            limit,
            what,
            program,
        } => format!(
            "your solution's build was stopped at the limit on disk: its folder held at least \
             {} in {} entries, against at most {} in {} ({what} '{program}'; what a build \
             leaves is the program's, as a judge bounds it too)",
            megabytes(held.bytes),
            thousands(held.entries),
            megabytes(limit.bytes),
            thousands(limit.entries)
        ),
    }
}

fn reason_text(reason: &Reason) -> String {
    match reason {
        Reason::Messages {
            shown, more_lines, ..
        } => match more_lines {
            0 => shown.clone(),
            more => format!(
                "{shown}\n({}; --verbose shows all)",
                super::run::more_lines(*more)
            ),
        },
        Reason::Unnamed {
            file,
            name,
            function: false,
        } => format!("{file} names no {name} anywhere, which LeetCode calls"),
        Reason::Unnamed {
            file,
            name,
            function: true,
        } => format!("{file} defines no function {name}, which LeetCode calls"),
    }
}

fn hints_text(hints: &[Hint]) -> String {
    let mut text = String::new();
    for hint in hints {
        text.push_str("\nnote: ");
        text.push_str(&match hint {
            Hint::CompilesAs(language) => format!(
                "{} compiles it; --check reads a file named .{} as {}",
                language.name(),
                language.spec().extensions.join(" or ."),
                language.name()
            ),
            Hint::Uthash => "LeetCode includes uthash.h for C; it is not installed here (Debian \
                             and Ubuntu: the package uthash-dev)"
                .to_string(),
            Hint::StaticConstMember => "a `static const` member used by reference \
                                        (`vector<int>(n, DRAW)`, `max(x, DRAW)`) needs a \
                                        definition outside the class; declare it `static \
                                        constexpr` (or `inline static const`) instead"
                .to_string(),
            Hint::OlderStandard { older, used } => format!(
                "it compiles under -std={older}, an older standard than the -std={used} used \
                 here (--std {older} checks it for a judge that uses {older})"
            ),
        });
    }
    text
}

/// Why `--check` gave no verdict, as the command line prints it after `error: `.
pub fn check_error(error: &CheckError) -> String {
    match error {
        CheckError::Refused(refusal) => refused(refusal),
        CheckError::Input(error) => super::input::input_error_words(error),
        CheckError::Sandbox { running, error } => sandbox_error(running.as_ref(), error),
        CheckError::Setup(setup) => build_setup(setup),
        CheckError::Internal(fault) => match fault {
            Internal::RunPanicked => "a run's thread panicked",
            Internal::PastPlanEnd => "a failing instance past the plan's end",
            Internal::NoVariant => "the problem has no variant",
            Internal::CheckPanicked => "--check stopped on a panic (above)",
        }
        .to_string(),
    }
}

/// The report's line on the judge's own build, right after what the program did under the
/// extra checks.
pub fn judge_would(would: &JudgeWould) -> String {
    let shows = match &would.shows {
        JudgeShows::WrongAnswer(answer) => format!(
            "a wrong answer ({}): the judge would reject it",
            crate::text::one_line(answer)
        ),
        JudgeShows::Fault(fault) => format!(
            "{}: the judge would reject it",
            super::run::fault_with_sanitizer(fault)
        ),
        JudgeShows::RightAnswer => "the right answer: undefined behaviour that happens to pass \
                                    on the judge's build: the judge would accept it, this time"
            .to_string(),
        JudgeShows::NotBuilt(_) | JudgeShows::Stopped => format!("not run: {}", not_run(would)),
    };
    format!("on the judge's own build ({}): {shows}", judge_build(would))
}

/// Why the judge's own build did not run, in a line; none where it did.
pub fn not_run(would: &JudgeWould) -> String {
    match &would.shows {
        JudgeShows::NotBuilt(error) => crate::text::first_line(&self::error(error)),
        JudgeShows::Stopped => "stopped before it answered".to_string(),
        _ => String::new(),
    }
}

/// The judge's own build in words: its tool and flags, and the extra checks it lacks (`no
/// sanitizers` where the judge runs none); where it could not be made, the check it is
/// without.
pub fn judge_build(would: &JudgeWould) -> String {
    match would.build.as_ref().and_then(|built| built.tool.as_ref()) {
        Some(tool) if tool.sanitizers.is_empty() => {
            format!("{}, no sanitizers", tool_and_flags(tool))
        }
        Some(tool) => format!(
            "{}, no {}",
            tool_and_flags(tool),
            sanitizer_names(&would.lacks)
        ),
        None => format!("without {}", sanitizer_name(would.caught_by)),
    }
}

/// The sanitizers' names as the report gives them.
pub fn sanitizer_name(sanitizer: &str) -> &str {
    match sanitizer {
        "address" => "AddressSanitizer",
        "undefined" => "UBSan",
        other => other,
    }
}

/// The sanitizers' names, joined: `AddressSanitizer, UBSan`.
pub fn sanitizer_names(sanitizers: &[String]) -> String {
    let names: Vec<&str> = sanitizers.iter().map(|name| sanitizer_name(name)).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gcc() -> ToolRun {
        ToolRun {
            name: "g++".to_string(),
            version: Version {
                family: "gcc".to_string(),
                number: Some("12.2.0".to_string()),
            },
            args: vec!["-std=c++14".to_string(), "-O2".to_string()],
            standard: Some("c++14".to_string()),
            judge: "NOI/Luogu".to_string(),
            language: "C++".to_string(),
            extra_checks: vec!["address".to_string(), "undefined".to_string()],
            ..ToolRun::default()
        }
    }

    #[test]
    fn a_build_s_line_names_its_tool_judge_and_checks() {
        let built = Built {
            tool: Some(gcc()),
            notes: Vec::new(),
        };
        assert_eq!(
            line(&built),
            "g++ (gcc 12.2.0) -std=c++14 -O2, as NOI/Luogu builds C++; extra checks: \
             AddressSanitizer, UBSan"
        );
        assert_eq!(brief(&built), "g++ -std=c++14 -O2");
        assert_eq!(line(&Built::command()), "none: a command, run as given");
        assert_eq!(brief(&Built::command()), "none: a command");
        let yours = ToolRun {
            yours: true,
            older_than: Some(("gcc".to_string(), "14".to_string())),
            extra_checks: Vec::new(),
            sanitizers_off: true,
            ..gcc()
        };
        let built = Built {
            tool: Some(yours),
            notes: Vec::new(),
        };
        assert_eq!(
            line(&built),
            "g++ (gcc 12.2.0) -std=c++14 -O2, as NOI/Luogu builds C++ (older than its gcc 14) \
             with your --std c++14 (sanitizers off: --no-sanitize)"
        );
    }

    fn node_refusal(used: PackageUse) -> Refusal {
        let node = ToolRun {
            name: "node".to_string(),
            version: Version {
                family: "node".to_string(),
                number: Some("22.14.0".to_string()),
            },
            judge: "LeetCode".to_string(),
            language: "JavaScript".to_string(),
            ..ToolRun::default()
        };
        Refusal {
            build: crate::build::built::BuildInfo {
                built: Built {
                    tool: Some(node),
                    notes: Vec::new(),
                },
                sandbox: SandboxFacts::Unsandboxed,
            },
            why: Why::PackageMissing {
                package: "@datastructures-js/priority-queue".to_string(),
                used,
            },
        }
    }

    #[test]
    fn a_missing_package_says_why_it_is_needed_and_gives_no_verdict() {
        let global = node_refusal(PackageUse::Global("MinPriorityQueue".to_string()));
        assert_eq!(
            refused(&global),
            "cannot judge the build (node (node 22.14.0), as LeetCode builds JavaScript):\n\
             your solution uses MinPriorityQueue, which LeetCode provides from the npm package \
             @datastructures-js/priority-queue; it is not installed here (npm install \
             @datastructures-js/priority-queue, beside your file or on NODE_PATH)"
        );
        let required = refused(&node_refusal(PackageUse::Required));
        assert!(
            required.contains(
                "\nyour solution requires the package @datastructures-js/priority-queue; it is \
                 not installed here"
            ),
            "{required}"
        );
        assert!(!required.contains("does not compile"), "{required}");
    }

    #[test]
    fn a_hint_names_the_language_that_compiles_the_file_and_its_extension() {
        use crate::build::languages::Language;
        assert_eq!(
            hints_text(&[Hint::CompilesAs(Language::Python2)]),
            "\nnote: Python 2 compiles it; --check reads a file named .py2 as Python 2"
        );
    }

    /// The sandbox's setup errors are facts; these are their words.
    #[test]
    fn a_setup_error_says_what_failed_where_and_why() {
        use crate::sandbox::setup_error::{CacheFault, SetupError};
        let refused = SetupError::CacheRefused {
            path: "/tmp/cats-check-builds-0".into(),
            why: CacheFault::OwnedBy(1000),
        };
        assert_eq!(
            setup_error(&refused),
            "the build cache /tmp/cats-check-builds-0 is refused: it belongs to user 1000, not \
             to you; remove it, or set TMPDIR elsewhere"
        );
        let none = SetupError::NoSandbox(Box::new(SetupError::BwrapMissing));
        assert_eq!(
            setup_error(&none),
            "no sandbox to run your program in: bubblewrap is not installed (Debian and Ubuntu: \
             the package bubblewrap). --check runs no program outside one; --unsandboxed runs it \
             as you, with your files, network and processes within its reach"
        );
        let io = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let run = SetupError::io(crate::sandbox::setup_error::Doing::Create, "/x", &io);
        let file = Label::File("mine.py".to_string());
        assert_eq!(
            sandbox_error(Some(&file), &run),
            format!("cannot run mine.py: cannot create /x: {io}")
        );
        let command = Label::Command("python3 mine.py".to_string());
        assert_eq!(
            sandbox_error(Some(&command), &run),
            format!("cannot run the command 'python3 mine.py': cannot create /x: {io}")
        );
    }

    /// A build's setup errors are facts; these are their words.
    #[test]
    fn a_build_setup_error_says_what_was_missing_or_refused() {
        let missing = Setup::ToolMissing {
            what: "javac".to_string(),
            program: "javac".to_string(),
            hint: "set JAVA_HOME to a JDK".to_string(),
        };
        assert_eq!(
            build_setup(&missing),
            "javac 'javac' was not found; set JAVA_HOME to a JDK"
        );
        let refused = Setup::StdRefused {
            chosen: "2099".to_string(),
            tool: "rustc".to_string(),
            edition: true,
        };
        assert_eq!(
            build_setup(&refused),
            "--std 2099: rustc does not take --edition 2099"
        );
        let moved = Setup::File {
            doing: FileDoing::Move,
            path: "/tmp/x".into(),
            error: None,
        };
        assert_eq!(build_setup(&moved), "cannot move the build into /tmp/x");
    }

    /// A step that could not run names the tool, then why: the sandbox's refusal in words.
    #[test]
    fn a_step_that_cannot_run_names_its_tool_and_why() {
        let cannot_run = |cause| Setup::CannotRun {
            what: "g++".to_string(),
            program: "/usr/bin/g++".to_string(),
            cause,
        };
        let refused = cannot_run(StepCause::DirRefused {
            dir: "/home/me/build".into(),
            why: Refused::Home,
        });
        assert_eq!(
            build_setup(&refused),
            "cannot run g++ '/usr/bin/g++': the build's directory /home/me/build cannot be \
             bound: it is in, at or above a home"
        );
        let shell = cannot_run(StepCause::Sandbox(SetupError::Shell {
            shell: "/bin/sh",
            error: None,
        }));
        assert_eq!(
            build_setup(&shell),
            "cannot run g++ '/usr/bin/g++': a waiting shell has no stdin"
        );
        let shown = Setup::NotShown {
            path: "/etc/build".into(),
            why: Refused::System,
        };
        assert_eq!(
            build_setup(&shown),
            "the build /etc/build cannot be shown to its runs: it is a device or in the system's \
             own trees"
        );
    }
}
