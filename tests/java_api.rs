//! Every public member of Webots' Java API that Webots' reference documents (the list is data:
//! tests/data/java_api_r2025a.txt) is declared by our Controller.jar, with the same types: read from the
//! jar's classes with the JDK's javap, in the class or one it extends.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

const PACKAGE: &str = "com.cyberbotics.webots.controller.";

/// A member as compared: visibility, then `name(types) type` for methods (`name(types)` for
/// constructors), `name: type` for fields.
fn members(declaration: &str, named_parameters: bool) -> Vec<String> {
    let text = declaration.trim().trim_end_matches(';').replace(PACKAGE, "").replace("java.lang.", "");
    let (visibility, rest) = text.split_once(' ').unwrap_or_else(|| panic!("no visibility in {declaration:?}"));
    let skip = ["static", "final", "synchronized", "native", "abstract"];
    if let Some((head, params)) = rest.split_once('(') {
        let head: Vec<&str> = head.split_whitespace().filter(|w| !skip.contains(w)).collect();
        let params = params.trim_end_matches(')');
        let types: Vec<String> = params
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| {
                let words: Vec<&str> = p.split_whitespace().collect();
                if !named_parameters {
                    return words.join(" ");
                }
                // `double values[3]`, C style, is a double[]
                let (name, kept) = words.split_last().expect("a parameter");
                let array = if name.contains('[') { "[]" } else { "" };
                format!("{}{array}", kept.join(" "))
            })
            .collect();
        let signature = match head.as_slice() {
            [name] => format!("{name}({})", types.join(",")),
            [.., ret, name] => format!("{name}({}) {ret}", types.join(",")),
            [] => panic!("no name in {declaration:?}"),
        };
        vec![format!("{visibility} {signature}")]
    } else {
        let words: Vec<&str> = rest.split_whitespace().filter(|w| !skip.contains(w)).collect();
        let (ty, names) = words.split_first().unwrap_or_else(|| panic!("no field in {declaration:?}"));
        names.join(" ").split(',').map(|n| format!("{visibility} {}: {ty}", n.trim())).collect()
    }
}

/// The public and protected members `javap` reads in each of `classes` (one run for all), and the
/// class each extends.
fn declared(jar: &std::path::Path, classes: &BTreeSet<String>) -> BTreeMap<String, (BTreeSet<String>, Option<String>)> {
    let out = Command::new(common::jdk_tool("javap"))
        .arg("-protected")
        .arg("-classpath")
        .arg(jar)
        .args(classes.iter().map(|c| format!("{PACKAGE}{c}")))
        .output()
        .expect("javap runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "javap: {}{text}", String::from_utf8_lossy(&out.stderr));
    let mut all = BTreeMap::new();
    let mut current: Option<(String, BTreeSet<String>, Option<String>)> = None;
    for line in text.lines() {
        let line = line.trim();
        if line.contains(" class ") && line.ends_with('{') {
            let head = line.replace(PACKAGE, "");
            let name = head.split(" class ").nth(1).and_then(|r| r.split_whitespace().next()).unwrap_or("").to_string();
            let parent = head
                .split(" extends ")
                .nth(1)
                .and_then(|p| p.split_whitespace().next())
                .filter(|p| !p.starts_with("java."))
                .map(str::to_string);
            current = Some((name, BTreeSet::new(), parent));
        } else if line == "}" {
            if let Some((name, found, parent)) = current.take() {
                all.insert(name, (found, parent));
            }
        } else if line.starts_with("public ") || line.starts_with("protected ") {
            if let Some((_, found, _)) = current.as_mut() {
                found.extend(members(line, false));
            }
        }
    }
    all
}

#[test]
fn every_member_of_webots_java_reference_is_in_controller_jar() {
    let Some(api) = common::java_api_dir() else {
        panic!("the Java API was not built (no JDK when build.rs ran): install openjdk-17-jdk-headless and rebuild")
    };
    let jar = api.join("Controller.jar");
    let list = std::fs::read_to_string(common::manifest_dir().join("tests/data/java_api_r2025a.txt")).unwrap();
    let entries: Vec<(&str, &str)> = list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once('\t').unwrap_or_else(|| panic!("no tab in {l:?}")))
        .collect();
    let mut wanted: BTreeSet<String> = entries.iter().map(|(c, _)| c.to_string()).collect();
    wanted.extend(["Device", "Robot"].map(String::from));
    let classes = declared(&jar, &wanted);
    let mut missing = Vec::new();
    let mut count = 0;
    for (class, declaration) in entries {
        for member in members(declaration, true) {
            count += 1;
            let mut at = Some(class.to_string());
            let mut seen = false;
            while let Some(c) = at {
                let Some((found, parent)) = classes.get(&c) else { break };
                if found.contains(&member) {
                    seen = true;
                    break;
                }
                at = parent.clone();
            }
            if !seen {
                missing.push(format!("{class}: {member}"));
            }
        }
    }
    assert!(count > 100, "only {count} members listed");
    assert!(
        missing.is_empty(),
        "{} of {count} members missing from Controller.jar:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn declarations_are_read_as_java_writes_them() {
    assert_eq!(members("public int send(byte[] data);", true), ["public send(byte[]) int"]);
    assert_eq!(members("  public int send(byte[]);", false), ["public send(byte[]) int"]);
    assert_eq!(
        members("public final static int ROTATIONAL, LINEAR;", true),
        ["public ROTATIONAL: int", "public LINEAR: int"]
    );
    assert_eq!(members("public static final int LINEAR;", false), ["public LINEAR: int"]);
    assert_eq!(members("public Robot();", true), ["public Robot()"]);
    assert_eq!(
        members("public com.cyberbotics.webots.controller.Brake getBrake(java.lang.String);", false),
        ["public getBrake(String) Brake"]
    );
    assert_eq!(members("protected void finalize();", true), ["protected finalize() void"]);
    assert_eq!(
        members("public void addForce(double force[3], boolean relative);", true),
        ["public addForce(double[],boolean) void"]
    );
}
