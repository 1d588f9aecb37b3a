//! Splitting a suite across machines: `--shard I/N`, or the index and count a scheduler puts in the
//! environment (Slurm arrays, Kubernetes indexed jobs, CI systems' parallel jobs).
//!
//! The split is round-robin over a canonical order of the runs (worlds sorted by their path as written,
//! `./` and doubled slashes removed; manifest runs in the file's order): run k of that order (from 0)
//! belongs to shard k mod N + 1. So the same list gives the same shards whatever order the shell
//! passed it in, every run lands in exactly one shard, and shard sizes differ by at most one.

use std::fmt;
use std::path::{Component, Path, PathBuf};
use std::str::FromStr;

use sha2::{Digest, Sha256};

/// Shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    fn new(index: usize, count: usize) -> Result<Shard, String> {
        if count == 0 || index == 0 || index > count {
            return Err(format!("shard {index}/{count} does not exist: shards are numbered 1 to N, N >= 1"));
        }
        Ok(Shard { index, count })
    }

    /// The positions (into `order`'s list) of the runs in this shard, in the list's own order.
    pub fn pick(&self, order: &[usize]) -> Vec<usize> {
        let mut mine: Vec<usize> =
            order.iter().enumerate().filter(|(k, _)| k % self.count == self.index - 1).map(|(_, i)| *i).collect();
        mine.sort_unstable();
        mine
    }

    /// How many of `total` runs this shard holds.
    pub fn size(&self, total: usize) -> usize {
        total / self.count + usize::from(total % self.count >= self.index)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("'{text}' is not a shard: expected I/N with 1 <= I <= N, e.g. 2/4");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (i, n) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        Shard::new(i, n).map_err(|_| bad())
    }
}

/// The canonical order of a list of worlds: by path as written, `.` components and doubled slashes
/// removed. Returns indices into `worlds`.
pub fn world_order(worlds: &[&Path]) -> Vec<usize> {
    let keys: Vec<String> = worlds.iter().map(|w| world_key(w)).collect();
    let mut order: Vec<usize> = (0..worlds.len()).collect();
    order.sort_by(|a, b| keys[*a].cmp(&keys[*b]));
    order
}

pub fn world_key(world: &Path) -> String {
    world.components().filter(|c| *c != Component::CurDir).collect::<PathBuf>().to_string_lossy().into_owned()
}

/// Names one suite across its shards: a digest of its runs' keys in canonical order.
pub fn fingerprint<'a>(keys: impl IntoIterator<Item = &'a str>) -> String {
    let mut hash = Sha256::new();
    for key in keys {
        hash.update(key.as_bytes());
        hash.update([0]);
    }
    hex(&hash.finalize()[..8])
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Every variable `from_env` reads (tests and benchmarks clear them).
pub const ENV_VARS: &[&str] = &[
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_STEP",
    "JOB_COMPLETION_INDEX",
    "CI_NODE_INDEX",
    "CI_NODE_TOTAL",
    "CIRCLE_NODE_INDEX",
    "CIRCLE_NODE_TOTAL",
    "BUILDKITE_PARALLEL_JOB",
    "BUILDKITE_PARALLEL_JOB_COUNT",
    "BITBUCKET_PARALLEL_STEP",
    "BITBUCKET_PARALLEL_STEP_COUNT",
    "SEMAPHORE_JOB_INDEX",
    "SEMAPHORE_JOB_COUNT",
    "SYSTEM_JOBPOSITIONINPHASE",
    "SYSTEM_TOTALJOBSINPHASE",
];

/// CI systems' parallel jobs: (index variable, count variable, index of the first job).
const CI_PAIRS: &[(&str, &str, usize)] = &[
    ("CI_NODE_INDEX", "CI_NODE_TOTAL", 1),                         // GitLab `parallel:`
    ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),                 // CircleCI `parallelism:`
    ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0), // Buildkite `parallelism:`
    ("BITBUCKET_PARALLEL_STEP", "BITBUCKET_PARALLEL_STEP_COUNT", 0), // Bitbucket parallel steps
    ("SEMAPHORE_JOB_INDEX", "SEMAPHORE_JOB_COUNT", 1),             // Semaphore `parallelism:`
    ("SYSTEM_JOBPOSITIONINPHASE", "SYSTEM_TOTALJOBSINPHASE", 1),   // Azure Pipelines `parallel:`
];

/// The shard a scheduler's environment asks for, with the variables it came from; `None` outside
/// one (or in a single-job one). `shard_count` is `--shard-count`, the count Kubernetes does not give.
pub fn from_env(
    var: impl Fn(&str) -> Option<String>,
    shard_count: Option<usize>,
) -> Result<Option<(Shard, String)>, String> {
    let var = |name: &str| var(name).filter(|v| !v.trim().is_empty());
    let number = |name: &str, value: &str| -> Result<usize, String> {
        value.trim().parse().map_err(|_| format!("{name}={value} is not a whole number >= 0"))
    };
    let needs = |present: &str, missing: &str| format!("{present} is set but not {missing}: cannot tell the shard");
    let found = if let Some(id) = var("SLURM_ARRAY_TASK_ID") {
        let count =
            var("SLURM_ARRAY_TASK_COUNT").ok_or_else(|| needs("SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT"))?;
        let (id_n, count_n) = (number("SLURM_ARRAY_TASK_ID", &id)?, number("SLURM_ARRAY_TASK_COUNT", &count)?);
        let min = var("SLURM_ARRAY_TASK_MIN");
        let step = var("SLURM_ARRAY_TASK_STEP");
        let min_n = min.as_deref().map(|m| number("SLURM_ARRAY_TASK_MIN", m)).transpose()?.unwrap_or(0);
        let step_n = step.as_deref().map(|s| number("SLURM_ARRAY_TASK_STEP", s)).transpose()?.unwrap_or(1).max(1);
        let mut source = format!("SLURM_ARRAY_TASK_ID={id}");
        if let Some(min) = &min {
            source += &format!(", SLURM_ARRAY_TASK_MIN={min}");
        }
        if step_n > 1 {
            source += &format!(", SLURM_ARRAY_TASK_STEP={step_n}");
        }
        source += &format!(", SLURM_ARRAY_TASK_COUNT={count}");
        let offset = id_n.checked_sub(min_n).filter(|o| o % step_n == 0);
        let Some(index) = offset.map(|o| o / step_n).filter(|i| *i < count_n) else {
            return Err(format!(
                "{source} does not give a shard: the array must be a range such as --array=0-{} (or pass --shard)",
                count_n.max(1) - 1
            ));
        };
        Some((index + 1, count_n, source))
    } else if let Some(index) = var("JOB_COMPLETION_INDEX") {
        let Some(count) = shard_count else {
            return Err(format!(
                "JOB_COMPLETION_INDEX={index} is set (a Kubernetes indexed job): pass --shard-count N, the job's completions"
            ));
        };
        Some((
            number("JOB_COMPLETION_INDEX", &index)? + 1,
            count,
            format!("JOB_COMPLETION_INDEX={index}, --shard-count {count}"),
        ))
    } else {
        let mut found = None;
        for (index_var, count_var, first) in CI_PAIRS {
            let Some(index) = var(index_var) else { continue };
            let count = var(count_var).ok_or_else(|| needs(index_var, count_var))?;
            let position = number(index_var, &index)?.checked_sub(*first).ok_or_else(|| {
                format!("{index_var}={index} is out of range: this system numbers its jobs from {first}")
            })?;
            found =
                Some((position + 1, number(count_var, &count)?, format!("{index_var}={index}, {count_var}={count}")));
            break;
        }
        found
    };
    if shard_count.is_some() && !found.as_ref().is_some_and(|(_, _, s)| s.starts_with("JOB_COMPLETION_INDEX")) {
        return Err("--shard-count goes with a Kubernetes indexed job's JOB_COMPLETION_INDEX, which is not set".into());
    }
    let Some((index, count, source)) = found else { return Ok(None) };
    if count == 0 || index > count {
        return Err(format!("{source} does not give a shard: the index is beyond the count"));
    }
    Ok((count > 1).then_some((Shard { index, count }, source)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |name| map.get(name).cloned()
    }

    fn shard_of(vars: &[(&str, &str)]) -> Result<Option<(Shard, String)>, String> {
        from_env(env(vars), None)
    }

    #[test]
    fn shards_parse_as_i_of_n_from_1() {
        assert_eq!("2/4".parse::<Shard>(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!("1/1".parse::<Shard>(), Ok(Shard::WHOLE));
        for bad in ["0/4", "5/4", "1/0", "2", "a/b", "-1/4", "1/4/2", ""] {
            let err = bad.parse::<Shard>().unwrap_err();
            assert!(err.contains("expected I/N with 1 <= I <= N"), "{bad}: {err}");
        }
    }

    #[test]
    fn every_run_lands_in_exactly_one_shard_and_sizes_differ_by_at_most_one() {
        for total in [0, 1, 5, 10, 17] {
            for count in 1..=7 {
                let order: Vec<usize> = (0..total).rev().collect();
                let mut seen = vec![0; total];
                let mut sizes = Vec::new();
                for index in 1..=count {
                    let shard = Shard { index, count };
                    let mine = shard.pick(&order);
                    assert!(mine.windows(2).all(|w| w[0] < w[1]), "kept in list order");
                    assert_eq!(mine.len(), shard.size(total));
                    sizes.push(mine.len());
                    for i in mine {
                        seen[i] += 1;
                    }
                }
                assert!(seen.iter().all(|n| *n == 1), "{total} runs over {count}: {seen:?}");
                assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1, "{sizes:?}");
            }
        }
    }

    #[test]
    fn the_world_order_ignores_the_order_given_and_how_paths_are_spelled() {
        let a = [Path::new("worlds/b.wbt"), Path::new("./worlds/a.wbt"), Path::new("worlds//c.wbt")];
        let b = [Path::new("worlds/c.wbt"), Path::new("worlds/b.wbt"), Path::new("worlds/a.wbt")];
        let named = |list: &[&Path]| -> Vec<String> { world_order(list).iter().map(|i| world_key(list[*i])).collect() };
        assert_eq!(named(&a), ["worlds/a.wbt", "worlds/b.wbt", "worlds/c.wbt"]);
        assert_eq!(named(&a), named(&b));
        assert_eq!(world_key(Path::new("/abs//x/./y.wbt")), "/abs/x/y.wbt");
        assert_eq!(fingerprint(["a", "b"]), fingerprint(["a", "b"]));
        assert_ne!(fingerprint(["a", "b"]), fingerprint(["ab"]));
    }

    #[test]
    fn slurm_arrays_count_from_their_minimum_and_step() {
        let s =
            shard_of(&[("SLURM_ARRAY_TASK_ID", "0"), ("SLURM_ARRAY_TASK_COUNT", "4"), ("SLURM_ARRAY_TASK_MIN", "0")]);
        assert_eq!(s.unwrap().unwrap().0, Shard { index: 1, count: 4 });
        // --array=5-8: task 7 is the third
        let s =
            shard_of(&[("SLURM_ARRAY_TASK_ID", "7"), ("SLURM_ARRAY_TASK_COUNT", "4"), ("SLURM_ARRAY_TASK_MIN", "5")])
                .unwrap()
                .unwrap();
        assert_eq!(s.0, Shard { index: 3, count: 4 });
        assert_eq!(s.1, "SLURM_ARRAY_TASK_ID=7, SLURM_ARRAY_TASK_MIN=5, SLURM_ARRAY_TASK_COUNT=4");
        // --array=1-7:2 (1, 3, 5, 7): task 5 is the third
        let stepped = [
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ];
        assert_eq!(shard_of(&stepped).unwrap().unwrap().0, Shard { index: 3, count: 4 });
        // --array=1,3,10: 10 is no position of a range of 3
        let list = [("SLURM_ARRAY_TASK_ID", "10"), ("SLURM_ARRAY_TASK_COUNT", "3"), ("SLURM_ARRAY_TASK_MIN", "1")];
        assert!(shard_of(&list).unwrap_err().contains("the array must be a range such as --array=0-2"));
        let no_count = shard_of(&[("SLURM_ARRAY_TASK_ID", "1")]).unwrap_err();
        assert_eq!(no_count, "SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT: cannot tell the shard");
        let bad = shard_of(&[("SLURM_ARRAY_TASK_ID", "x1"), ("SLURM_ARRAY_TASK_COUNT", "3")]).unwrap_err();
        assert_eq!(bad, "SLURM_ARRAY_TASK_ID=x1 is not a whole number >= 0");
    }

    #[test]
    fn ci_systems_are_read_with_their_own_first_index() {
        let cases: &[(&str, &str, &str, &str, usize)] = &[
            ("CI_NODE_INDEX", "1", "CI_NODE_TOTAL", "3", 1),
            ("CIRCLE_NODE_INDEX", "1", "CIRCLE_NODE_TOTAL", "3", 2),
            ("BUILDKITE_PARALLEL_JOB", "2", "BUILDKITE_PARALLEL_JOB_COUNT", "3", 3),
            ("BITBUCKET_PARALLEL_STEP", "0", "BITBUCKET_PARALLEL_STEP_COUNT", "3", 1),
            ("SEMAPHORE_JOB_INDEX", "3", "SEMAPHORE_JOB_COUNT", "3", 3),
            ("SYSTEM_JOBPOSITIONINPHASE", "2", "SYSTEM_TOTALJOBSINPHASE", "3", 2),
        ];
        for (iv, i, cv, c, want) in cases {
            let (shard, source) = shard_of(&[(iv, i), (cv, c)]).unwrap().unwrap();
            assert_eq!(shard, Shard { index: *want, count: 3 }, "{iv}");
            assert_eq!(source, format!("{iv}={i}, {cv}={c}"));
        }
        // GitLab counts from 1: 0 is no job of it; an index past the count is no shard
        assert!(shard_of(&[("CI_NODE_INDEX", "0"), ("CI_NODE_TOTAL", "3")]).unwrap_err().contains("from 1"));
        assert!(shard_of(&[("CI_NODE_INDEX", "4"), ("CI_NODE_TOTAL", "3")]).unwrap_err().contains("beyond the count"));
        assert!(shard_of(&[("CIRCLE_NODE_INDEX", "1")]).unwrap_err().contains("but not CIRCLE_NODE_TOTAL"));
        // a single job (GitLab always sets CI_NODE_TOTAL; Azure sets 1/1) or nothing: no split
        assert_eq!(shard_of(&[("CI_NODE_TOTAL", "1")]), Ok(None));
        assert_eq!(shard_of(&[("SYSTEM_JOBPOSITIONINPHASE", "1"), ("SYSTEM_TOTALJOBSINPHASE", "1")]), Ok(None));
        assert_eq!(shard_of(&[("CI_NODE_INDEX", "")]), Ok(None));
        assert_eq!(shard_of(&[]), Ok(None));
    }

    #[test]
    fn kubernetes_gives_the_index_and_the_command_line_the_count() {
        let k8s = env(&[("JOB_COMPLETION_INDEX", "2")]);
        let (shard, source) = from_env(&k8s, Some(5)).unwrap().unwrap();
        assert_eq!(shard, Shard { index: 3, count: 5 });
        assert_eq!(source, "JOB_COMPLETION_INDEX=2, --shard-count 5");
        assert!(from_env(&k8s, None).unwrap_err().contains("pass --shard-count N"));
        assert!(from_env(&k8s, Some(2)).unwrap_err().contains("beyond the count"));
        assert!(from_env(env(&[]), Some(3)).unwrap_err().contains("JOB_COMPLETION_INDEX, which is not set"));
        // Slurm is looked at first
        let both = env(&[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
            ("CI_NODE_INDEX", "1"),
            ("CI_NODE_TOTAL", "2"),
        ]);
        assert!(from_env(both, None).unwrap().unwrap().1.starts_with("SLURM_ARRAY_TASK_ID=1"));
    }
}
