//! Watching a running program until it exits or passes a limit: its answers as they come,
//! its memory and CPU time sampled, its output's size, its time since its start, and the
//! search's own clock. Uses the run's values ([`super::run`]) and [`super::measure`].

use super::measure::Measure;
use super::run::{backstop, Ending, Flooded, Limits, Spent, OUTPUT_LIMIT};
use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::process::Child;
use std::sync::atomic::Ordering::SeqCst;
use std::time::{Duration, Instant};

/// How often the run's memory is sampled, in polls of [`POLL`].
const MEMORY_EVERY: u32 = 5;
const POLL: Duration = Duration::from_millis(1);

/// Polls the program until it exits or passes a limit: its answers as they come, its memory
/// and CPU time every [`MEMORY_EVERY`] polls, the size of `outputs` (its stdout and stderr
/// files), its time since it started, which is when its start script marked the start:
/// setting the run up is not the program's time. How it ended, and what the program spent if
/// it was reached (a run whose setup takes longer than the whole time limit is stopped,
/// unreached).
pub(super) fn watch_until_end(
    child: &mut Child,
    mut measure: Measure,
    watch: &mut Watch,
    limits: &Limits,
    outputs: [&Path; 2],
) -> (Ending, Option<Spent>) {
    let mut polls = 0u32;
    let spawned = Instant::now();
    let mut clock: Option<Clock> = None;
    loop {
        let exited = child.try_wait();
        if clock.is_none() && watch.started() {
            clock = Some(Clock::start(measure.cpu()));
        }
        if let Ok(Some(status)) = exited {
            // A program killed for writing past its file size limit flooded its output.
            let ending = flood_in(outputs, limits, watch).unwrap_or(Ending::Exited(status));
            // The last answers may have come as it ended: read for their time only, once the
            // ending is decided as before.
            if let Some(clock) = clock.as_mut() {
                watch.read_answers(clock, &measure, limits.answer_bytes);
            }
            let ending = match measure.memory(limits.memory) {
                Some(bytes) if clock.is_some() => Ending::Memory(bytes),
                _ if measure.out_of_processes() => Ending::Processes {
                    limit: super::cgroup::PROCESS_LIMIT,
                },
                _ => ending,
            };
            let spent = clock.as_mut().map(|clock| {
                clock.cpu = clock.cpu.max(measure.cpu());
                clock.since(clock.started)
            });
            return (ending, spent);
        }
        let Some(clock) = clock.as_mut() else {
            if spawned.elapsed() > backstop(limits.total) {
                let spent = Spent {
                    cpu: Duration::ZERO,
                    wall: spawned.elapsed(),
                };
                let limit = limits.total;
                return (Ending::TooLong { limit, spent }, None);
            }
            std::thread::sleep(POLL);
            continue;
        };
        polls = polls.wrapping_add(1);
        if polls.is_multiple_of(MEMORY_EVERY) {
            let held = measure.held();
            watch.most_seen_held = watch.most_seen_held.max(held);
            if let Some(bytes) = measure.past(limits.memory, held) {
                return (Ending::Memory(bytes), Some(clock.since(clock.started)));
            }
            if measure.out_of_processes() {
                return (
                    Ending::Processes {
                        limit: super::cgroup::PROCESS_LIMIT,
                    },
                    Some(clock.since(clock.started)),
                );
            }
            clock.cpu = measure.cpu();
        }
        let settled = limits.settled.as_ref();
        if watch.read_answers(clock, &measure, limits.answer_bytes)
            && settled.is_some_and(|settled| settled(&watch.whole_lines()))
        {
            return (Ending::Settled, Some(clock.since(clock.started)));
        }
        if let Some(ending) = over_limit(watch, limits, clock, outputs) {
            return (ending, Some(clock.since(clock.started)));
        }
        std::thread::sleep(POLL);
    }
}

/// A run's time since its program started, and since its last answer: wall-clock and the CPU
/// time of its tree, as last sampled.
struct Clock {
    started: (Instant, Duration),
    last_answer: (Instant, Duration),
    cpu: Duration,
    /// The CPU time between the last answer and the one before it.
    answer_cpu: Duration,
}

impl Clock {
    fn start(cpu: Duration) -> Clock {
        let now = (Instant::now(), cpu);
        Clock {
            started: now,
            last_answer: now,
            cpu,
            answer_cpu: Duration::ZERO,
        }
    }

    /// An answer came at `cpu` (a sample taken once the tree has ended may read less than the
    /// last: the last is kept): what it took since the one before is [`Self::answer_cpu`].
    fn answered(&mut self, cpu: Duration) {
        self.cpu = self.cpu.max(cpu);
        self.answer_cpu = self.cpu.saturating_sub(self.last_answer.1);
        self.last_answer = (Instant::now(), self.cpu);
    }

    /// What the run spent since `(wall, cpu)`.
    fn since(&self, (wall, cpu): (Instant, Duration)) -> Spent {
        Spent {
            cpu: self.cpu.saturating_sub(cpu),
            wall: wall.elapsed(),
        }
    }
}

/// The answers read so far, and the run's start mark.
pub(super) struct Watch {
    pub(super) answers: File,
    pub(super) started: File,
    pub(super) kept: Vec<u8>,
    pub(super) lines: usize,
    /// The answer (its line, from 0) that came after the most CPU time since the one before
    /// it (or since the start), and that time: what the time limit of a test case bounds.
    pub(super) slowest: Option<(usize, Duration)>,
    /// The answers read together (first line, count) after the most CPU time, and that time.
    pub(super) together: Option<(usize, usize, Duration)>,
    /// The most memory the run was seen to hold, in bytes, sampled every [`MEMORY_EVERY`]
    /// polls.
    pub(super) most_seen_held: u64,
}

impl Watch {
    /// Reads new answers ([`Self::read_new`], at most `cap` bytes kept) and, where one came,
    /// marks it on `clock` with the run's CPU time as `measure` gives it; whether one came. One
    /// answer alone is kept as the slowest if no answer took longer: answers that came together
    /// cannot be told apart, and none of them is; the group that took longest is kept apart.
    fn read_answers(&mut self, clock: &mut Clock, measure: &Measure, cap: u64) -> bool {
        let first = self.lines;
        if !self.read_new(cap) {
            return false;
        }
        clock.answered(measure.cpu());
        let took = clock.answer_cpu;
        let alone = self.lines == first + 1;
        if alone && self.slowest.is_none_or(|(_, slowest)| took > slowest) {
            self.slowest = Some((first, took));
        }
        if !alone && self.together.is_none_or(|(_, _, most)| took > most) {
            self.together = Some((first, self.lines - first, took));
        }
        true
    }

    /// Whether the start script has marked the program's start.
    fn started(&self) -> bool {
        self.started.metadata().is_ok_and(|meta| meta.len() > 0)
    }

    /// The answers so far up to the last line break: whole lines only.
    fn whole_lines(&self) -> String {
        let end = self
            .kept
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |at| at + 1);
        String::from_utf8_lossy(&self.kept[..end]).into_owned()
    }

    /// Reads what the program added to its answers, keeping at most `cap` bytes and one more
    /// (so that passing the cap shows); whether a new answer line came.
    pub(super) fn read_new(&mut self, cap: u64) -> bool {
        let mut buffer = [0u8; 1 << 14];
        let lines = self.lines;
        loop {
            let room = (cap + 1).saturating_sub(self.kept.len() as u64) as usize;
            let want = buffer.len().min(room);
            if want == 0 {
                break;
            }
            match self.answers.read(&mut buffer[..want]) {
                Ok(0) | Err(_) => break,
                Ok(read) => {
                    self.lines += buffer[..read].iter().filter(|&&b| b == b'\n').count();
                    self.kept.extend_from_slice(&buffer[..read]);
                }
            }
        }
        self.lines > lines
    }
}

/// The flood the run's outputs show, if any: more answers or answer bytes than it may give,
/// or a file past the output limit.
fn flood_in(outputs: [&Path; 2], limits: &Limits, watch: &Watch) -> Option<Ending> {
    // Answers come one a line, so the test case being run is the one after the last answer.
    let test_case = limits.answer_lines.map(|_| watch.lines + 1);
    let flood = |what: Flooded| Some(Ending::Flood { what, test_case });
    if let Some(lines) = limits.answer_lines.filter(|&lines| watch.lines > lines) {
        return Some(Ending::Flood {
            what: Flooded::Answers { test_cases: lines },
            test_case: None,
        });
    }
    if watch.kept.len() as u64 > limits.answer_bytes {
        return flood(Flooded::AnswerBytes {
            limit: limits.answer_bytes,
        });
    }
    for (path, stream) in outputs.into_iter().zip(["stdout", "stderr"]) {
        if std::fs::metadata(path).is_ok_and(|meta| meta.len() > OUTPUT_LIMIT) {
            return flood(Flooded::Output {
                stream,
                limit: OUTPUT_LIMIT,
            });
        }
    }
    None
}

/// The limit the run has passed, if any, memory aside: its output, the search's own clock,
/// its CPU time since its last answer or in all (or their wall-clock backstops).
fn over_limit(
    watch: &Watch,
    limits: &Limits,
    clock: &Clock,
    outputs: [&Path; 2],
) -> Option<Ending> {
    if let Some(flood) = flood_in(outputs, limits, watch) {
        return Some(flood);
    }
    let stopped = limits.stop.as_ref().is_some_and(|stop| stop.load(SeqCst));
    if stopped
        || limits
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    {
        return Some(Ending::OutOfTime);
    }
    let past = |spent: &Spent, limit| spent.cpu > limit || spent.wall > backstop(limit);
    let spent = clock.since(clock.last_answer);
    if past(&spent, limits.quiet) {
        let limit = limits.quiet;
        return Some(Ending::Quiet { limit, spent });
    }
    let spent = clock.since(clock.started);
    if past(&spent, limits.total) {
        let limit = limits.total;
        return Some(Ending::TooLong { limit, spent });
    }
    None
}
