//! The library against the list of Webots R2025a's libController (tests/data/libcontroller_r2025a.tsv):
//! for every header declared complete, each of its functions and data symbols is exported, and each
//! function is declared in our header with Webots' prototype (same return and parameter types, names
//! aside); every function the library exports is in the list (or one of the older names kept). The
//! list itself is checked for consistency. `make api-report` prints what is still missing.

mod common;

use std::collections::{BTreeMap, HashSet};
use std::process::Command;

/// Headers whose whole content the library provides.
const COMPLETE: &[&str] = &[
    "accelerometer.h",
    "altimeter.h",
    "brake.h",
    "camera.h",
    "compass.h",
    "connector.h",
    "console.h",
    "device.h",
    "display.h",
    "distance_sensor.h",
    "emitter.h",
    "gps.h",
    "gyro.h",
    "inertial_unit.h",
    "joystick.h",
    "keyboard.h",
    "led.h",
    "lidar.h",
    "light_sensor.h",
    "microphone.h",
    "motor.h",
    "mouse.h",
    "nodes.h",
    "pen.h",
    "plugins/robot_window/default.h",
    "plugins/robot_window/robot_window.h",
    "plugins/robot_window/robot_wwi.h",
    "position_sensor.h",
    "radar.h",
    "radio.h",
    "range_finder.h",
    "receiver.h",
    "remote_control.h",
    "robot.h",
    "skin.h",
    "speaker.h",
    "supervisor.h",
    "touch_sensor.h",
    "types.h",
    "utils/ansi_codes.h",
    "utils/motion.h",
    "utils/string.h",
    "utils/system.h",
    "vacuum_gripper.h",
];

/// Symbols of complete headers that other parts of the work bring, with the part.
const PENDING: &[(&str, &str)] = &[];

/// Exported functions that R2025a no longer has but earlier releases did: kept for older controllers.
const OLDER_NAMES: &[&str] = &[
    "wb_supervisor_node_get_proto_field",
    "wb_supervisor_node_get_proto_field_by_index",
    "wb_supervisor_node_get_proto_number_of_fields",
];

#[derive(Debug)]
struct Entry {
    header: String,
    kind: String,
    name: String,
    ty: String,
    /// Parameters of a function, value of a data symbol.
    rest: String,
}

fn list() -> Vec<Entry> {
    let path = common::manifest_dir().join("tests/data/libcontroller_r2025a.tsv");
    let text = std::fs::read_to_string(&path).expect("the list is readable");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 5, "malformed line: {l:?}");
            Entry {
                header: cols[0].into(),
                kind: cols[1].into(),
                name: cols[2].into(),
                ty: cols[3].into(),
                rest: cols[4].into(),
            }
        })
        .collect()
}

/// What the built library exports (defined functions and data).
fn exports() -> HashSet<String> {
    let lib = common::lib_dir().join("libController.so");
    let out = Command::new("nm").args(["-D", "--defined-only"]).arg(&lib).output().expect("nm runs");
    assert!(out.status.success(), "nm failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| l.split_whitespace().nth(2)).map(String::from).collect()
}

/// Exported functions (`T`) of the C API's families.
fn exported_api_functions() -> Vec<String> {
    let lib = common::lib_dir().join("libController.so");
    let out = Command::new("nm").args(["-D", "--defined-only"]).arg(&lib).output().expect("nm runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let mut cols = l.split_whitespace().skip(1);
            let (kind, name) = (cols.next()?, cols.next()?);
            let api = ["wb_", "wbu_", "wbr_"].iter().any(|p| name.starts_with(p));
            (kind == "T" && api).then(|| name.to_string())
        })
        .collect()
}

fn is_identifier(t: &str) -> bool {
    t.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A type in a canonical spelling: `*` apart, one space between tokens.
fn canonical_type(t: &str) -> String {
    t.replace('*', " * ").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One parameter's type: the name dropped, arrays as pointers, a by-value `const` dropped (it is not
/// part of the function's type), function pointers without their parameter names.
fn parameter_type(p: &str) -> String {
    let p = p.trim();
    if let Some(open) = p.find("(*") {
        let close = open + p[open..].find(')').unwrap_or(p.len() - open);
        let args = p[close + 1..].trim().trim_start_matches('(').trim_end_matches(')');
        return format!("{} (*)({})", canonical_type(&p[..open]), parameters(args).join(", "));
    }
    let mut pointer_from_array = false;
    let p = match p.find('[') {
        Some(i) => {
            pointer_from_array = true;
            &p[..i]
        }
        None => p,
    };
    let mut tokens: Vec<String> = canonical_type(p).split(' ').map(String::from).collect();
    let qualifiers = ["const", "unsigned", "signed", "volatile", "struct"];
    let last_is_name = tokens.len() > 1
        && tokens.last().is_some_and(|t| is_identifier(t))
        && tokens[..tokens.len() - 1].iter().any(|t| t != "*" && !qualifiers.contains(&t.as_str()));
    if last_is_name {
        tokens.pop();
    }
    if pointer_from_array {
        tokens.push("*".into());
    }
    if !tokens.contains(&"*".to_string()) && tokens.first().is_some_and(|t| t == "const") {
        tokens.remove(0);
    }
    tokens.join(" ")
}

/// The parameter types of a parameter list (without its parentheses); `()` and `(void)` are the same.
fn parameters(list: &str) -> Vec<String> {
    let list = list.trim();
    if list.is_empty() || list == "void" {
        return Vec::new();
    }
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in list.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(parameter_type(&list[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(parameter_type(&list[start..]));
    out
}

/// `name`'s prototype in our header `header`, as (return type, parameter types).
fn declared(header: &str, name: &str) -> Option<(String, Vec<String>)> {
    let text = std::fs::read_to_string(common::include_dir().join("webots").join(header)).ok()?;
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//") && !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ");
    code.split([';', '{', '}']).find_map(|decl| {
        let at = decl.find(&format!("{name}("))?;
        let before = &decl[..at];
        if before.chars().last().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        let ret = before.replace("WB_DEPRECATED", "");
        let args = &decl[at + name.len() + 1..decl.rfind(')')?];
        Some((canonical_type(&ret), parameters(args)))
    })
}

fn pending(name: &str) -> bool {
    PENDING.iter().any(|(n, _)| *n == name)
}

#[test]
fn the_list_is_consistent() {
    let entries = list();
    let mut seen = HashSet::new();
    for e in &entries {
        assert!(seen.insert(&e.name), "{} is listed twice", e.name);
        assert!(e.kind == "fn" || e.kind == "data", "{}: kind {}", e.name, e.kind);
        if e.kind == "fn" {
            assert!(e.rest.starts_with('(') && e.rest.ends_with(')'), "{}: parameters {:?}", e.name, e.rest);
        }
    }
    let data = entries.iter().filter(|e| e.kind == "data").count();
    let functions = entries.len() - data;
    // R2025a: 88 node types, 19 field types, 18 keyboard codes, 20 escape sequences, 2 joint types
    assert_eq!(data, 147);
    assert_eq!(functions, 532);
    for name in COMPLETE {
        assert!(entries.iter().any(|e| e.header == *name), "complete header {name} has nothing listed");
    }
    for (name, _) in PENDING {
        let e = entries.iter().find(|e| e.name == *name).unwrap_or_else(|| panic!("pending {name} is not listed"));
        assert!(COMPLETE.contains(&e.header.as_str()), "pending {name}: its header is not declared complete");
    }
}

#[test]
fn complete_headers_export_every_symbol() {
    let exported = exports();
    let missing: Vec<String> = list()
        .iter()
        .filter(|e| COMPLETE.contains(&e.header.as_str()) && !pending(&e.name) && !exported.contains(&e.name))
        .map(|e| format!("{} ({})", e.name, e.header))
        .collect();
    assert!(missing.is_empty(), "not exported:\n{}", missing.join("\n"));
}

#[test]
fn complete_headers_declare_webots_prototypes() {
    let mut wrong = Vec::new();
    for e in list().iter().filter(|e| e.kind == "fn" && COMPLETE.contains(&e.header.as_str()) && !pending(&e.name)) {
        let want = (canonical_type(&e.ty), parameters(&e.rest[1..e.rest.len() - 1]));
        match declared(&e.header, &e.name) {
            Some(got) if got == want => {}
            Some(got) => wrong.push(format!("{}: {got:?}, Webots: {want:?}", e.name)),
            None => wrong.push(format!("{} is not declared in {}", e.name, e.header)),
        }
    }
    assert!(wrong.is_empty(), "prototypes differ from Webots':\n{}", wrong.join("\n"));
}

#[test]
fn every_exported_function_is_webots_api() {
    let listed: HashSet<String> = list().into_iter().map(|e| e.name).collect();
    let unknown: Vec<String> = exported_api_functions()
        .into_iter()
        .filter(|f| !listed.contains(f) && !OLDER_NAMES.contains(&f.as_str()))
        .collect();
    assert!(unknown.is_empty(), "exported but not in Webots' API: {unknown:?}");
}

#[test]
fn prototypes_compare_types_not_names() {
    assert_eq!(parameters("const double values[3]"), ["const double *"]);
    assert_eq!(parameters("WbFieldRef field, const int index"), ["WbFieldRef", "int"]);
    assert_eq!(parameters("void (*task)(void *), void *param"), ["void (*)(void *)", "void *"]);
    assert_eq!(parameters("void (*)(const WbRadioEvent)"), ["void (*)(WbRadioEvent)"]);
    assert_eq!(parameters("unsigned char *buffer, int size"), ["unsigned char *", "int"]);
    assert_eq!(parameters("WbMutexRef"), ["WbMutexRef"]);
    assert_eq!(parameters("void"), Vec::<String>::new());
    assert_ne!(parameters("double x"), parameters("int x"));
}

/// The C API constant a data symbol mirrors (`wb_NODE_ROBOT` ↔ `WB_NODE_ROBOT`, `wb_ANSI_RESET` ↔
/// `ANSI_RESET`).
fn c_constant(symbol: &str) -> String {
    match symbol.strip_prefix("wb_ANSI_") {
        Some(rest) => format!("ANSI_{rest}"),
        None => symbol.replacen("wb_", "WB_", 1),
    }
}

/// A C program, built against our headers and library, reads every data symbol of the list and checks
/// it against the list's value and the header's own constant.
#[test]
fn data_symbols_have_webots_values() {
    let data: Vec<Entry> = list().into_iter().filter(|e| e.kind == "data").collect();
    let mut c = String::from(
        "#include <webots/keyboard.h>\n#include <webots/nodes.h>\n#include <webots/supervisor.h>\n\
         #include <webots/types.h>\n#include <webots/utils/ansi_codes.h>\n#include \"check.h\"\n\n",
    );
    for e in &data {
        c += &format!("extern {} {};\n", e.ty, e.name);
    }
    c += "\nint main(void) {\n";
    for e in &data {
        let (name, constant) = (&e.name, c_constant(&e.name));
        if e.ty.contains("char") {
            c += &format!("  CHECK_STR({name}, {});\n  CHECK_STR({name}, {constant});\n", e.rest);
        } else {
            c += &format!("  CHECK_INT({name}, {});\n  CHECK_INT({name}, {constant});\n", e.rest);
        }
    }
    c += &format!("  printf(\"%d data symbols checked\\n\", {});\n  return 0;\n}}\n", data.len());
    let dir = tempfile::tempdir().unwrap();
    let (source, program) = (dir.path().join("data_symbols.c"), dir.path().join("data_symbols"));
    std::fs::write(&source, c).unwrap();
    common::compile_controller(&[source], &program);
    let out = Command::new(&program).output().expect("the program runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout.trim(), "147 data symbols checked");
}

/// `make api-report`: what is missing, header by header.
#[test]
#[ignore]
fn report() {
    let exported = exports();
    let mut by_header: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    for e in list() {
        let slot = by_header.entry(e.header.clone()).or_default();
        slot.0 += 1;
        if !exported.contains(&e.name) {
            slot.1.push(e.name);
        }
    }
    let (mut total, mut missing_fn, mut missing_data) = (0, 0, 0);
    let kinds: std::collections::HashMap<String, String> = list().into_iter().map(|e| (e.name, e.kind)).collect();
    for (header, (count, missing)) in &by_header {
        total += count;
        for m in missing {
            if kinds[m] == "fn" {
                missing_fn += 1;
            } else {
                missing_data += 1;
            }
        }
        if !missing.is_empty() {
            println!("{header}: {} of {count} missing", missing.len());
        }
    }
    println!(
        "libController R2025a: {} of {total} symbols exported; missing {missing_fn} functions and {missing_data} data symbols",
        total - missing_fn - missing_data
    );
}
