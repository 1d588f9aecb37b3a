//! Template PROTOs in a running world: a robot written as a JavaScript template loads, and its
//! supervisor's writes to a field the template reads regenerate it (tests/c/sv_template.c).

mod common;

use common::Project;

const BLINKER: &str = r#"#VRML_SIM R2025a utf8
# template language: javascript
PROTO Blinker [
  field SFInt32  count      1
  field SFString controller "<none>"
]
{
  %<
    if (fields.count.value < 0)
      throw new Error('count must not be negative');
  >%
  Robot {
    name "bot"
    controller IS controller
    supervisor TRUE
    customData "n=%<= fields.count.value >%"
    children [
      Emitter { name "emitter" channel %<= fields.count.value >% }
      %< for (let i = 0; i < fields.count.value; ++i) { >%
        Solid { name "part%<= i >%" }
      %< } >%
    ]
  }
}
"#;

#[test]
fn a_supervisor_write_regenerates_the_template_robot() {
    let p = Project::new();
    std::fs::create_dir_all(p.path().join("protos")).unwrap();
    std::fs::write(p.path().join("protos/Blinker.proto"), BLINKER).unwrap();
    p.world(
        "t.wbt",
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"../protos/Blinker.proto\"\nWorldInfo { basicTimeStep 32 }\nDEF BOT Blinker { controller \"sv_template\" }\n",
    );
    p.controller("sv_template", "sv_template");
    let out = p.run("t.wbt", &["--until", "1"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("bot"),
        [
            "loaded: n=1, 2 children, emitter channel 1, id 2",
            "count 3: n=3, 4 children, emitter channel 3, id 2",
            "count -1: n=3, 4 children, emitter channel 3, id 2",
            "count field reads -1",
        ]
    );
    out.assert_stderr_has("the template PROTO was not regenerated");
    out.assert_stderr_has("template error in PROTO 'Blinker': count must not be negative");
}
