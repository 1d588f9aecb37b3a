//! Unit tests of template PROTOs: expansion, the values and modules templates see, errors, caching.

use super::tests::{by_name, names, tmpdir, write};
use super::*;

const JS: &str = "#VRML_SIM R2025a utf8\n# template language: javascript\n";

/// Loads worlds/w.wbt (text `world`) of a fresh project holding `files` (paths relative to it).
fn load(files: &[(&str, &str)], world: &str) -> (PathBuf, Result<Scene, WorldError>) {
    let dir = tmpdir("tpl");
    for (path, text) in files {
        write(&dir.join(path), text);
    }
    let w = dir.join("worlds/w.wbt");
    write(&w, world);
    let opts = LoadOptions { template_time_limit: Some(std::time::Duration::from_millis(300)), ..Default::default() };
    let r = load_world(&w, &opts);
    (dir, r)
}

fn load_ok(files: &[(&str, &str)], world: &str) -> (PathBuf, Scene) {
    let (dir, r) = load(files, world);
    (dir, r.unwrap_or_else(|e| panic!("{e}")))
}

fn load_err(files: &[(&str, &str)], world: &str) -> (PathBuf, String) {
    let (dir, r) = load(files, world);
    match r {
        Ok(_) => panic!("expected a load error"),
        Err(e) => (dir, e.to_string()),
    }
}

/// A world using PROTO `name` from protos/`name`.proto, with `instances` after the WorldInfo.
fn world(name: &str, instances: &str) -> String {
    format!("#VRML_SIM R2025a utf8\nEXTERNPROTO \"../protos/{name}.proto\"\nWorldInfo {{ coordinateSystem \"NUE\" }}\n{instances}\n")
}

/// A template that names one Solid with `expr` (built in JavaScript, double quotes dropped).
fn reporter(name: &str, interface: &str, code: &str, expr: &str) -> String {
    format!(
        "{JS}PROTO {name} [\n{interface}\n]\n{{\n  %<\n{code}\n    const out = String({expr}).split(String.fromCharCode(34)).join('');\n  >%\n  Solid {{ name \"%<= out >%\" }}\n}}\n"
    )
}

#[test]
fn every_field_type_as_value_and_default() {
    let interface = "field SFBool b TRUE\nfield SFInt32 i 7\nfield SFFloat f 0.123456789\nfield SFVec2f v2 1 2\n\
        field SFVec3f v3 1 2 3\nfield SFRotation r 0 0 1 1.5708\nfield SFColor c 1 0.5 0\nfield SFString s \"abc\"\n\
        field SFNode n NULL\nfield MFBool mb [TRUE FALSE]\nfield MFInt32 mi [1 2]\nfield MFFloat mf [0.5]\n\
        field MFVec2f mv2 [1 2, 3 4]\nfield MFVec3f mv3 [1 2 3]\nfield MFRotation mr [0 1 0 3]\nfield MFColor mc [0 0 1]\n\
        field MFString ms [\"x\" \"y\"]\nfield MFNode mn []";
    let code =
        "const all = [fields.b, fields.i, fields.f, fields.v2, fields.v3, fields.r, fields.c, fields.s, fields.n, \
        fields.mb, fields.mi, fields.mf, fields.mv2, fields.mv3, fields.mr, fields.mc, fields.ms, fields.mn];\n\
        const node = (n) => n === undefined ? 'NULL' : n.node_name + '(' + (n.fields.name || {}).value + ',' + \
        JSON.stringify(n.fields.translation.value) + ',' + JSON.stringify(n.fields.translation.defaultValue) + ')';";
    let expr = "all.map((f) => (f === fields.n ? node(f.value) + '/' + node(f.defaultValue) : \
        f === fields.mn ? f.value.map(node).join('+') : JSON.stringify(f.value) + '/' + JSON.stringify(f.defaultValue))).join(' ')";
    let tpl = reporter("Types", interface, code, expr);
    let (dir, s) = load_ok(
        &[("protos/Types.proto", &tpl)],
        &world(
            "Types",
            "Types { b FALSE i -3 f 2.000000001 v2 5 6 v3 0.1 0.2 0.3 r 1 0 0 -1 c 0 1 0 s \"q\" \
             n Solid { name \"inner\" translation 1 2 3 } mb [ ] mi [ 9 ] mf [ 1.5 2.5 ] mv2 [ ] mv3 [ 4 5 6, 7 8 9 ] \
             mr [ ] mc [ 1 1 1 ] ms [ \"z\" ] mn [ Solid { name \"m1\" } Pose { } ] }",
        ),
    );
    let got = s.sf_string(s.roots[1], "name");
    let expected = [
        "false/true",
        "-3/7",
        "2/0.123457",
        "{x:5,y:6}/{x:1,y:2}",
        "{x:0.1,y:0.2,z:0.3}/{x:1,y:2,z:3}",
        "{x:1,y:0,z:0,a:-1}/{x:0,y:0,z:1,a:1.5708}",
        "{r:0,g:1,b:0}/{r:1,g:0.5,b:0}",
        "q/abc",
        "Solid(inner,{x:1,y:2,z:3},{x:0,y:0,z:0})/NULL",
        "[]/[true,false]",
        "[9]/[1,2]",
        "[1.5,2.5]/[0.5]",
        "[]/[{x:1,y:2},{x:3,y:4}]",
        "[{x:4,y:5,z:6},{x:7,y:8,z:9}]/[{x:1,y:2,z:3}]",
        "[]/[{x:0,y:1,z:0,a:3}]",
        "[{r:1,g:1,b:1}]/[{r:0,g:0,b:1}]",
        "[z]/[x,y]",
    ]
    .join(" ");
    // MFNode: a node without `name`/`translation` shows undefined ones
    assert_eq!(
        got,
        format!("{expected} Solid(m1,{{x:0,y:0,z:0}},{{x:0,y:0,z:0}})+Pose(undefined,{{x:0,y:0,z:0}},{{x:0,y:0,z:0}})")
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn context_keys() {
    let code = "const c = context;";
    let expr = "[c.world, c.proto, c.project_path, c.webots_home, c.temporary_files_path, c.os, typeof c.id, c.id, \
        c.coordinate_system, c.webots_version.major, c.webots_version.revision].join('|')";
    let tpl = reporter("Ctx", "", code, expr);
    let (dir, s) = load_ok(&[("protos/Ctx.proto", &tpl)], &world("Ctx", "Solid { }\nCtx { }"));
    let root = s.roots[2];
    let got = s.sf_string(root, "name");
    let home = std::env::var("WEBOTS_HOME")
        .ok()
        .filter(|h| !h.is_empty())
        .map(|h| format!("{}/", h.trim_end_matches('/')))
        .unwrap_or_default();
    let tmp = crate::link::paths::base_dir().join(format!("templates-{}", std::process::id()));
    let expected = [
        dir.join("worlds/w.wbt").display().to_string(),
        dir.join("worlds/../protos/Ctx.proto").display().to_string(),
        format!("{}/", dir.display()),
        home,
        format!("{}/", tmp.display()),
        "linux".into(),
        "string".into(),
        (root + 1).to_string(),
        "NUE".into(),
        "R2025a".into(),
        "0".into(),
    ]
    .join("|");
    assert_eq!(got, expected);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn helper_modules() {
    let code = "import * as wbvector2 from 'wbvector2.js';\nimport * as wbvector3 from 'wbvector3.js';\n\
        import * as wbrotation from 'wbrotation.js';\nimport * as wbgeometry from 'wbgeometry.js';\n\
        import {seed, integer, real} from 'wbrandom.js';\nimport * as wbutility from 'wbutility.js';\n\
        const r = [];\n\
        r.push(JSON.stringify(wbvector2.add({x: 1, y: 2}, {x: 3, y: 4})), wbvector2.norm({x: 3, y: 4}), wbvector2.dot({x: 1, y: 2}, {x: 3, y: 4}),\n\
          wbvector2.cross({x: 1, y: 0}, {x: 0, y: 1}), wbvector2.angle({x: 1, y: 1}, {x: 0, y: 0}), JSON.stringify(wbvector2.intersection({x: 0, y: 0}, {x: 2, y: 2}, {x: 0, y: 2}, {x: 2, y: 0})));\n\
        r.push(JSON.stringify(wbvector3.cross({x: 1, y: 0, z: 0}, {x: 0, y: 1, z: 0})), wbvector3.distance({x: 1, y: 2, z: 3}, {x: 1, y: 2, z: 5}), JSON.stringify(wbvector3.normalize({x: 0, y: 0, z: 2})));\n\
        const q = wbrotation.toQuaternion({x: 0, y: 0, z: 2, a: Math.PI});\n\
        r.push(Math.round(q.w * 1e6) / 1e6, q.z, JSON.stringify(Object.values(wbrotation.rotateVector3ByRotation({x: 0, y: 0, z: 1, a: Math.PI / 2}, {x: 1, y: 0, z: 0})).map(Math.round)), wbrotation.isIdentity({x: 1, y: 0, z: 0, a: 0}));\n\
        r.push(JSON.stringify(wbgeometry.circle(2, 4, {x: 1, y: 1}, 0).map((p) => [Math.round(p.x), Math.round(p.y)])), wbgeometry.isPoint2InPolygon({x: 0.5, y: 0.5}, [{x: 0, y: 0}, {x: 1, y: 0}, {x: 1, y: 1}, {x: 0, y: 1}]),\n\
          wbgeometry.isPoint2InPolygon({x: 2, y: 0.5}, [{x: 0, y: 0}, {x: 1, y: 0}, {x: 1, y: 1}, {x: 0, y: 1}]), JSON.stringify(wbgeometry.findClosestPoint2InArray({x: 0, y: 0}, [{x: 5, y: 5}, {x: 1, y: 1}])),\n\
          wbgeometry.isPoint2ArrayClockwise([{x: 0, y: 0}, {x: 1, y: 0}, {x: 1, y: 1}]), JSON.stringify(wbgeometry.bSpline2([{x: 0, y: 0}, {x: 1, y: 0}, {x: 2, y: 0}], 2)), wbgeometry.bSpline3([{x: 0, y: 0, z: 0}, {x: 0, y: 0, z: 1}, {x: 0, y: 0, z: 2}], 2).map((p) => p.z).join(';'));\n\
        const first = [integer(), integer(10), integer(5, 6), real()];\n seed(42);\n r.push(first.join(';'), integer(100), real(2));\n\
        r.push(wbutility.degreesToRadians(180) === Math.PI, wbutility.isVector3({x: 1, y: 2, z: 3}), wbutility.isVector2(5), JSON.stringify(wbutility.deepCopy({a: [1]})), wbutility.isArrayOfPoints([{x: 1, y: 2}], 2));";
    let tpl = reporter("Mods", "", code, "r.join(' ')");
    let (dir, s) = load_ok(&[("protos/Mods.proto", &tpl)], &world("Mods", "Mods { }"));
    // Webots' generator, computed here independently: state' = (1140671485 state + 12820163) mod 2^24, in doubles
    let mut state = 0.0f64;
    let mut next = || {
        state = (1140671485.0 * state + 12820163.0) % 16777216.0;
        state
    };
    let first = [next(), 1.0 + next() % 10.0, 5.0 + next() % 2.0, next() / 16777215.0];
    state = 42.0;
    let mut next = || {
        state = (1140671485.0 * state + 12820163.0) % 16777216.0;
        state
    };
    let after_seed = [1.0 + next() % 100.0, next() * 2.0 / 16777215.0];
    let js = |v: f64| if v.fract() == 0.0 { format!("{}", v as i64) } else { format!("{}", v) };
    let expected = [
        "{x:4,y:6} 5 11 1".to_string(),
        format!("{}", std::f64::consts::FRAC_PI_4),
        "{x:1,y:1} {x:0,y:0,z:1} 2 {x:0,y:0,z:1}".to_string(),
        "0 1 [0,1,0] true".to_string(),
        // Webots' orientation test calls this counter-clockwise triangle clockwise
        "[[3,1],[1,3],[-1,1],[1,-1],[3,1]] true false {x:1,y:1} true".to_string(),
        "[{x:0,y:0},{x:-0.5,y:0},{x:0,y:0},{x:0.5,y:0},{x:1,y:0},{x:1.5,y:0},{x:2,y:0}] 0;0.5;1;1.5;2".to_string(),
        first.iter().map(|v| js(*v)).collect::<Vec<_>>().join(";"),
        js(after_seed[0]),
        js(after_seed[1]),
        "true true false {a:[1]} true".to_string(),
    ]
    .join(" ");
    assert_eq!(s.sf_string(s.roots[1], "name"), expected);
    let _ = std::fs::remove_dir_all(dir);
}

/// A template whose body is `body` (interface: SFFloat size 1).
fn tpl(body: &str) -> String {
    format!("{JS}PROTO Bad [\n  field SFFloat size 1\n]\n{{\n{body}\n}}\n")
}

#[test]
fn errors_name_the_proto_file_and_the_template_line() {
    let bad = |body: &str| {
        let (dir, e) = load_err(&[("protos/Bad.proto", &tpl(body))], &world("Bad", "Bad { }"));
        let _ = std::fs::remove_dir_all(&dir);
        e.replace(&dir.join("worlds/../protos/Bad.proto").display().to_string(), "Bad.proto")
    };
    // a run-time error, two lines into a code block (the body starts on file line 7)
    let e = bad("  %<\n    const a = 1;\n    const b = missing + a;\n  >%\n  Solid { }");
    assert!(
        e.starts_with("Bad.proto:9:15: template error in PROTO 'Bad': ReferenceError: missing is not defined"),
        "{e}"
    );
    // a syntax error
    let e = bad("  Solid {\n    %< let = ; >%\n  }");
    assert!(e.starts_with("Bad.proto:8:") && e.contains("SyntaxError"), "{e}");
    // a thrown value in an expression
    let e = bad("  Solid {\n\n    name \"%<= (() => { throw 'no name'; })() >%\"\n  }");
    assert!(e.starts_with("Bad.proto:") && e.ends_with("uncaught exception: no name"), "{e}");
    // an endless loop is stopped by the time limit
    let e = bad("  Solid {\n    %< while (true) { Math.floor(fields.size.value); } >%\n  }");
    assert!(e.starts_with("Bad.proto:8:"), "{e}");
    assert!(e.ends_with("the template ran longer than 300ms (an endless loop?) and was stopped"), "{e}");
    let e = bad("  %< let n = 0; for (;;) { n++; } >%\n  Solid { }");
    assert!(e.starts_with("Bad.proto:7:") && e.contains("ran longer than 300ms"), "{e}");
    // a module that does not exist
    let e = bad("  %< import * as x from 'wbnothing.js'; >%\n  Solid { }");
    assert!(e.starts_with("Bad.proto:7:") && e.contains("could not load module 'wbnothing.js'"), "{e}");
    // output that is not a node: the generated text is named
    let e = bad("  Solid { translation %<= 'a b c' >% }");
    assert!(e.starts_with("Bad.proto [generated by its template]:2:23: expected 3 numbers"), "{e}");
    // a Lua template (Webots before R2022b)
    let lua = "#VRML_SIM R2021b utf8\n# template language: lua\nPROTO Bad [\n  field SFFloat size 1\n]\n{\n  Solid {\n    %{ local s = fields.size.value }%\n  }\n}\n";
    let (dir, e) = load_err(&[("protos/Bad.proto", lua)], &world("Bad", "Bad { }"));
    let file = dir.join("worlds/../protos/Bad.proto").display().to_string();
    assert!(e.starts_with(&format!("{file}:8:5: PROTO 'Bad' is a Lua template")), "{e}");
    assert!(e.contains("rewrite its template in JavaScript"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
    // a template PROTO declared but never used costs nothing
    let (dir, s) = load_ok(&[("protos/Bad.proto", &tpl("%< while (true) {} >% Solid { }"))], &world("Bad", ""));
    assert_eq!(s.roots.len(), 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn console_output_becomes_warnings() {
    let body = "  %< console.log('hello', {a: 1}); console.error('careful'); >%\n  Solid { }";
    let (dir, s) = load_ok(&[("protos/Bad.proto", &tpl(body))], &world("Bad", "Bad { }"));
    assert_eq!(
        s.warnings,
        ["'Bad.proto': JavaScript output: hello{\n \"a\": 1\n}", "'Bad.proto': JavaScript error: careful"]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn expansions_are_cached_per_field_values() {
    let proto = format!(
        "{JS}PROTO Count [\n  field SFFloat size 1\n  field SFVec3f translation 0 0 0\n]\n{{\n  %< console.log('run ' + fields.size.value); >%\n  Solid {{ translation IS translation name \"s%<= fields.size.value >%\" }}\n}}\n"
    );
    let instances = "Count { }\nCount { translation 1 0 0 }\nCount { size 2 }\nCount { size 1 }";
    let (dir, s) = load_ok(&[("protos/Count.proto", &proto)], &world("Count", instances));
    // `translation` is not used by the template: it does not make a new expansion
    assert_eq!(s.warnings, ["'Count.proto': JavaScript output: run 1", "'Count.proto': JavaScript output: run 2"]);
    assert_eq!(names(&s, &s.roots[1..]), ["s1", "s1", "s2", "s1"]);
    assert_eq!(s.sf_vec3(s.roots[2], "translation"), [1.0, 0.0, 0.0]);
    let _ = std::fs::remove_dir_all(dir);
    // a nonDeterministic template runs for every instance
    let proto = proto.replace("# template language", "# tags: nonDeterministic\n# template language");
    let (dir, s) = load_ok(&[("protos/Count.proto", &proto)], &world("Count", instances));
    assert_eq!(s.warnings.len(), 4);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn every_expansion_starts_over_though_the_template_is_compiled_once() {
    // a global the template adds, Math.random, wbrandom and the output streams: each expansion sees
    // them as the first one did (each instance has its own size, so each is its own expansion)
    let code = "import {integer} from 'wbrandom.js';\n\
        globalThis.runs = (globalThis.runs || 0) + 1;\n\
        console.log('size ' + fields.size.value);";
    let expr = "[globalThis.runs, integer(1000), Math.floor(Math.random() * 1000)].join('-')";
    let proto = reporter("Fresh", "field SFFloat size 1", code, expr);
    let instances = "Fresh { size 1 }\nFresh { size 2 }\nFresh { size 3 }";
    let (dir, s) = load_ok(&[("protos/Fresh.proto", &proto)], &world("Fresh", instances));
    let got = names(&s, &s.roots[1..]);
    assert_eq!(got.len(), 3);
    assert!(got[0].starts_with("1-"), "{got:?}");
    assert!(got.iter().all(|n| n == &got[0]), "{got:?}");
    assert_eq!(
        s.warnings,
        [
            "'Fresh.proto': JavaScript output: size 1",
            "'Fresh.proto': JavaScript output: size 2",
            "'Fresh.proto': JavaScript output: size 3"
        ]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn nested_templates_and_node_parameters() {
    let inner = format!(
        "{JS}PROTO Inner [\n  field SFFloat size 1\n  field MFNode children []\n]\n{{\n  Solid {{\n    name \"inner%<= fields.size.value * 10 >%\"\n    children IS children\n  }}\n}}\n"
    );
    // a template whose output uses another template, passing a field and a node parameter on
    let outer = format!(
        "{JS}EXTERNPROTO \"Inner.proto\"\nPROTO Outer [\n  field SFFloat size 1\n  field MFNode extra []\n]\n{{\n  Robot {{\n    name \"outer\"\n    children [\n      %< for (let i = 1; i <= 2; ++i) {{ >%\n        Inner {{ size %<= fields.size.value + i >% }}\n      %< }} >%\n      Inner {{ size IS size children IS extra }}\n    ]\n  }}\n}}\n"
    );
    // a plain PROTO whose body is a template instance
    let plain = "#VRML_SIM R2025a utf8\nEXTERNPROTO \"Outer.proto\"\nPROTO Plain [ field SFFloat size 3 ] { Outer { size IS size extra [ Compass { } ] } }\n";
    let (dir, s) = load_ok(
        &[("protos/Inner.proto", &inner), ("protos/Outer.proto", &outer), ("protos/Plain.proto", plain)],
        &world("Plain", "Plain { size 0.5 }"),
    );
    let robot = s.roots[1];
    assert_eq!(s.nodes[robot].proto.as_deref(), Some("Plain"));
    let kids = s.mf_node(robot, "children");
    assert_eq!(names(&s, &kids), ["inner15", "inner25", "inner5"]);
    assert_eq!(names(&s, &s.robot_devices(robot)), ["compass"]);
    let compass = by_name(&s, "compass");
    assert_eq!(s.nodes[compass].parent, Some(kids[2]));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn wbfile_writes_stay_in_the_temporary_folder_and_reads_are_bounded() {
    let escape = std::env::temp_dir().join(format!("shim-escape-{}.txt", std::process::id()));
    for (what, code, said) in [
        ("absolute", format!("wbfile.writeTextFile('{}', 'x');", escape.display()), "a template writes only inside"),
        ("climbing", "wbfile.writeTextFile('../../../escape.txt', 'x');".to_string(), "a template writes only inside"),
        ("device", "wbfile.readTextFile('/dev/zero');".to_string(), "not a regular file"),
    ] {
        let tpl = reporter("Filer", "", &code, "'done'");
        let (dir, e) = load_err(&[("protos/Filer.proto", &tpl)], &world("Filer", "Filer { }"));
        assert!(e.contains("template error in PROTO 'Filer'") && e.contains(said), "{what}: {e}");
        assert!(e.contains("Filer.proto:"), "{what}: {e}");
        let _ = std::fs::remove_dir_all(dir);
    }
    assert!(!escape.exists());
    // inside the folder: written, and read back
    let code = "const ok = wbfile.writeTextFile('sub/a.txt', 'hello'); const back = wbfile.readTextFile('sub/a.txt');";
    let tpl = reporter("Filer", "", code, "ok + ' ' + back");
    let (dir, s) = load_ok(&[("protos/Filer.proto", &tpl)], &world("Filer", "Filer { }"));
    assert_eq!(s.sf_string(s.roots[1], "name"), "true hello");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_templates_of_one_load_share_a_budget_and_the_proto_that_used_it_up_is_named() {
    let code = "const until = Date.now() + 150; while (Date.now() < until) {}";
    let tpl = reporter("Slow", "field SFInt32 n 0", code, "fields.n.value");
    let dir = tmpdir("tpl-budget");
    write(&dir.join("protos/Slow.proto"), &tpl);
    let w = dir.join("worlds/w.wbt");
    write(&w, &world("Slow", "Slow { n 1 }\nSlow { n 2 }\nSlow { n 3 }\nSlow { n 4 }\nSlow { n 5 }"));
    let opts = LoadOptions {
        template_time_limit: Some(std::time::Duration::from_millis(300)),
        template_load_budget: Some(std::time::Duration::from_millis(400)),
        ..Default::default()
    };
    let start = std::time::Instant::now();
    let e = load_world(&w, &opts).expect_err("over budget").to_string();
    assert!(start.elapsed() < std::time::Duration::from_secs(3), "{:?}", start.elapsed());
    assert!(e.contains("Slow.proto:"), "{e}");
    assert!(
        e.contains("the world's templates ran longer than the load's budget of 400ms (WEBOTS_SHIM_LOAD_BUDGET, in seconds): stopped while PROTO 'Slow' was expanding"),
        "{e}"
    );
    // within the budget, the same world loads
    let opts = LoadOptions { template_load_budget: Some(std::time::Duration::from_secs(60)), ..opts };
    load_world(&w, &opts).unwrap_or_else(|e| panic!("{e}"));
    let _ = std::fs::remove_dir_all(dir);
}
