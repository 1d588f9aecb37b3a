//! Java controllers (`controllers/NAME/NAME.class` or `NAME.jar`) on our `com.cyberbotics.webots.controller`
//! package (Controller.jar and libJavaController.so in the home's lib/controller/java), built with javac
//! and run through the runner as Webots runs them. Where a C++ twin exists (tests/cpp/cpp_X), the Java
//! controller prints the same lines and one check (tests/common/twins.rs) serves both.

mod common;

use common::{twins, Project};

#[test]
fn emitter_and_receiver_through_the_java_api() {
    let p = Project::new();
    p.world("radio.wbt", &twins::radio_world("JavaTalker", "JavaListener"));
    p.java_controller("JavaTalker", "JavaTalker");
    p.java_controller("JavaListener", "JavaListener");
    twins::check_radio(&p.run_with_home("radio.wbt", &[]));
}

#[test]
fn compass_through_the_java_api() {
    let p = Project::new();
    p.world("compass.wbt", &twins::compass_world("JavaCompass"));
    p.java_controller("JavaCompass", "JavaCompass");
    twins::check_compass(&p.run_with_home("compass.wbt", &[]), "JavaCompass");
}

#[test]
fn motor_position_sensor_brake_and_led_through_the_java_api() {
    let p = Project::new();
    p.world("motor.wbt", &twins::motor_world("JavaMotor"));
    p.java_controller("JavaMotor", "JavaMotor");
    twins::check_motor(&p.run_with_home("motor.wbt", &[]), "JavaMotor");
}

#[test]
fn connector_through_the_java_api() {
    let p = Project::new();
    p.world("connector.wbt", &twins::connector_world("JavaConnector"));
    p.java_controller("JavaConnector", "JavaConnector");
    twins::check_connector(&p.run_with_home("connector.wbt", &[]), "JavaConnector");
}

#[test]
fn supervisor_nodes_fields_and_compass_through_the_java_api() {
    let p = Project::new();
    p.world("supervisor.wbt", &twins::supervisor_world("JavaSupervisor"));
    p.java_controller("JavaSupervisor", "JavaSupervisor");
    twins::check_supervisor(&p.run_with_home("supervisor.wbt", &[]), "JavaSupervisor");
}

const HEADER: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n";

#[test]
fn a_java_robot_knows_itself_gets_each_device_as_its_class_and_ends_at_the_step_after_minus_one() {
    let p = Project::new();
    p.world(
        "basics.wbt",
        &(HEADER.to_string()
            + "Robot { name \"basic\" model \"tester\" customData \"hello\" controller \"JavaRobot\" \
               controllerArgs [ \"a b\" \"c\" ] children [ Emitter { name \"em\" } Receiver { name \"rx\" } \
               Radio { name \"radio\" } Compass { name \"compass\" } ] }\n"),
    );
    p.java_controller("JavaRobot", "JavaRobot");
    let out = p.run_with_home("basics.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("basic"),
        [
            "name: basic | model: tester | data: hello",
            "args: a b,c",
            "basic time step: 32.0 | supervisor: false | synchronization: true",
            "device 0: em is a Emitter (node type 43, tag 1)",
            "device 1: rx is a Receiver (node type 56, tag 2)",
            // Webots' Java package has no Radio class: a plain Device
            "device 2: radio is a Device (node type 87, tag 3)",
            "device 3: compass is a Compass (node type 39, tag 4)",
            // --until 0.1: the steps to 0.032, 0.064 and 0.096 return 0, the one to 0.128 returns -1
            "step returned -1 after 3 steps at t=0.128",
        ],
        "{}\n{}",
        out.stdout,
        out.stderr
    );
    out.assert_stderr_has("'basic' controller exited successfully");
}

#[test]
fn a_java_exception_ends_the_controller_with_status_1_and_its_stack_trace_in_the_report() {
    let p = Project::new();
    p.world("crash.wbt", &(HEADER.to_string() + "Robot { name \"crasher\" controller \"JavaCrash\" }\n"));
    p.java_controller("JavaCrash", "JavaCrash");
    let out = p.run_with_home("crash.wbt", &[]);
    assert_eq!(out.status.code(), Some(1), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("crasher"), ["stepped once"]);
    out.assert_stderr_has(
        "[crasher] Exception in thread \"main\" java.lang.IllegalStateException: the controller failed on purpose with 42",
    );
    out.assert_stderr_has("[crasher] \tat JavaCrash.fail(JavaCrash.java:");
    out.assert_stderr_has("[crasher] \tat JavaCrash.main(JavaCrash.java:");
    out.assert_stderr_has("'crasher' controller exited with status 1");
}

/// A script standing for a Java command: says it ran, then runs `java` with its arguments.
fn java_wrapper(p: &Project) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let wrapper = p.path().join("my-java");
    let java = common::jdk_tool("java");
    std::fs::write(&wrapper, format!("#!/bin/sh\necho \"my-java runs\" >&2\nexec {} \"$@\"\n", java.display()))
        .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    wrapper
}

#[test]
fn runtime_ini_names_the_java_command_and_its_options_and_a_jar_runs_like_a_class() {
    let p = Project::new();
    p.world(
        "props.wbt",
        &(HEADER.to_string()
            + "Robot { name \"classy\" controller \"JavaProps\" controllerArgs [ \"x\" \"y z\" ] }\n\
               Robot { name \"jarred\" controller \"JarBot\" }\n"),
    );
    let class = p.java_controller("JavaProps", "JavaProps");
    let dir = class.parent().unwrap();
    std::fs::write(
        dir.join("runtime.ini"),
        format!("[java]\nCOMMAND = {}\nOPTIONS = -Dshim.greeting=hello -Xss2m\n", java_wrapper(&p).display()),
    )
    .unwrap();
    // the same class, renamed, in a jar of its own
    let jar_dir = p.path().join("controllers/JarBot");
    std::fs::create_dir_all(&jar_dir).unwrap();
    let source = std::fs::read_to_string(common::manifest_dir().join("tests/java/JavaProps/JavaProps.java"))
        .unwrap()
        .replace("class JavaProps", "class JarBot");
    let build = p.path().join("jar-build");
    std::fs::create_dir_all(&build).unwrap();
    std::fs::write(build.join("JarBot.java"), source).unwrap();
    let javac = std::process::Command::new(common::jdk_tool("javac"))
        .arg("-classpath")
        .arg(p.home().join("lib/controller/java/Controller.jar"))
        .arg("-d")
        .arg(&build)
        .arg(build.join("JarBot.java"))
        .output()
        .unwrap();
    assert!(javac.status.success(), "{}", String::from_utf8_lossy(&javac.stderr));
    let jar = std::process::Command::new(common::jdk_tool("jar"))
        .arg("cf")
        .arg(jar_dir.join("JarBot.jar"))
        .arg("-C")
        .arg(&build)
        .arg("JarBot.class")
        .output()
        .unwrap();
    assert!(jar.status.success(), "{}", String::from_utf8_lossy(&jar.stderr));

    let out = p.run_with_home("props.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("classy"), ["greeting=hello args=x,y z robot=classy", "-1 after 3 steps at t=0.128"]);
    assert_eq!(out.robot_lines("jarred"), ["greeting=null args= robot=jarred", "-1 after 3 steps at t=0.128"]);
    out.assert_stderr_has("[classy] my-java runs");
    assert!(!out.stderr.contains("[jarred] my-java runs"), "{}", out.stderr);
}

#[test]
fn a_missing_java_is_named() {
    let p = Project::new();
    p.world(
        "nojava.wbt",
        &(HEADER.to_string()
            + "Robot { name \"no path\" controller \"JavaProps\" }\nRobot { name \"bad home\" controller \"Other\" }\n"),
    );
    p.java_controller("JavaProps", "JavaProps");
    let other = p.java_controller("Other", "JavaProps");
    std::fs::write(other.with_file_name("runtime.ini"), "[environment variables]\nJAVA_HOME = /nonexistent/jdk\n")
        .unwrap();
    let out = p
        .runner_command("nojava.wbt", &["--until", "0.1"])
        .env("WEBOTS_HOME", p.home())
        .env("PATH", p.path().join("empty"))
        .env_remove("JAVA_HOME")
        .output()
        .unwrap();
    let out = common::to_output(out, std::time::Duration::ZERO);
    assert!(!out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stderr_has("no java on PATH: install a Java runtime");
    out.assert_stderr_has("JAVA_HOME is /nonexistent/jdk but /nonexistent/jdk/bin/java does not exist");
}

#[test]
fn webots_controller_launches_a_java_controller_as_an_extern_one() {
    let p = Project::new();
    p.world("extern.wbt", &(HEADER.to_string() + "Robot { name \"outside\" controller \"<extern>\" }\n"));
    p.java_controller("JavaProps", "JavaProps");
    let home = p.home();
    common::install_programs(&home);
    let mut run = p
        .runner_command("extern.wbt", &["--until", "0.1"])
        .env("WEBOTS_HOME", &home)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (line, rest) = common::watch_lines(run.stderr.take().unwrap(), |l| l.contains("ipc://"));
    // "... WEBOTS_CONTROLLER_URL=ipc://PORT/outside"
    let port = line.split("ipc://").nth(1).and_then(|u| u.split('/').next()).unwrap().to_string();
    let launched = std::process::Command::new(home.join("webots-controller"))
        .args(["--robot-name=outside", &format!("--port={port}"), "controllers/JavaProps/JavaProps.class", "q"])
        .current_dir(p.path())
        .env("WEBOTS_HOME", &home)
        .env("WEBOTS_SHIM_TMPDIR", p.path().join("run"))
        .output()
        .unwrap();
    let status = run.wait().unwrap();
    let stderr = rest.join().unwrap();
    let l_out = String::from_utf8_lossy(&launched.stdout);
    assert!(status.success(), "{stderr}");
    assert!(launched.status.success(), "{l_out}\n{}", String::from_utf8_lossy(&launched.stderr));
    assert!(l_out.contains("greeting=null args=q robot=outside"), "{l_out}");
    assert!(l_out.contains("-1 after 3 steps at t=0.128"), "{l_out}");
}

#[test]
fn makefile_include_builds_a_java_folder_into_classes_or_a_jar() {
    let p = Project::new();
    p.world(
        "made.wbt",
        &(HEADER.to_string()
            + "Robot { name \"classes\" controller \"MadeByMake\" }\nRobot { name \"jarred\" controller \"Jarred\" }\n"),
    );
    let from = common::manifest_dir().join("tests/java/MadeByMake");
    let home = p.home();
    for (name, goal) in [("MadeByMake", None), ("Jarred", Some("jar"))] {
        let dir = p.path().join("controllers").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(from.join("Makefile"), dir.join("Makefile")).unwrap();
        let source = std::fs::read_to_string(from.join("MadeByMake.java")).unwrap().replace("MadeByMake", name);
        std::fs::write(dir.join(format!("{name}.java")), source).unwrap();
        let out = common::make(&dir, &home, goal.as_slice());
        assert!(
            out.status.success(),
            "{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(p.path().join("controllers/MadeByMake/MadeByMake.class").is_file());
    // the jar alone runs it: the classes beside it go
    let jarred = p.path().join("controllers/Jarred");
    assert!(jarred.join("Jarred.jar").is_file());
    std::fs::remove_file(jarred.join("Jarred.class")).unwrap();
    let out = p.run_with_home("made.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("classes"), ["MadeByMake: classes at t=0.032"]);
    assert_eq!(out.robot_lines("jarred"), ["Jarred: jarred at t=0.032"]);
}

#[test]
fn a_second_java_robot_stops_the_controller() {
    let p = Project::new();
    p.world(
        "two.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 16 }\nRobot { name \"twice\" controller \"JavaTwoRobots\" }\n",
    );
    p.java_controller("JavaTwoRobots", "JavaTwoRobots");
    let out = p.run_with_home("two.wbt", &[]);
    assert_eq!(out.robot_lines("twice"), ["first robot stepped to t=0.016"], "{}", out.stderr);
    out.assert_stderr_has("[twice] Only one instance of the Robot class should be created");
    out.assert_stderr_has("'twice' controller exited with status 255");
}

#[test]
fn a_java_display_takes_argb_int_pixels_and_polygons_from_int_arrays() {
    let p = Project::new();
    p.world(
        "display.wbt",
        &(HEADER.to_string()
            + "Robot { name \"painter\" controller \"JavaDisplay\" children [ Display { width 8 height 4 } ] }\n"),
    );
    p.java_controller("JavaDisplay", "JavaDisplay");
    let out = p.run_with_home("display.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("painter"), ["JavaDisplay: saved"]);
    let (w, h, pixels) = common::read_png(&p.path().join("controllers/JavaDisplay/display.png"));
    assert_eq!((w, h), (8, 4));
    let at = |x: usize, y: usize| pixels[y * w as usize + x];
    assert_eq!(at(0, 0)[..3], [255, 0, 0]);
    assert_eq!(at(1, 0)[..3], [0, 255, 0]);
    // inside the square (4,0)-(7,3), and outside it
    assert_eq!(at(5, 1)[..3], [0, 0, 255]);
    assert_eq!(at(6, 2)[..3], [0, 0, 255]);
    assert_ne!(at(2, 2)[..3], [0, 0, 255]);
}

#[test]
fn the_jni_library_needs_the_cpp_and_c_libraries_one_folder_up() {
    let api = common::java_api_dir().expect("the Java API was built");
    let out = std::process::Command::new("readelf").arg("-d").arg(api.join("libJavaController.so")).output().unwrap();
    let dynamic = String::from_utf8_lossy(&out.stdout);
    // installed in lib/controller/java, beside Controller.jar: the C and C++ libraries are in lib/controller
    assert!(dynamic.contains("Library soname: [libJavaController.so]"), "{dynamic}");
    assert!(dynamic.contains("Shared library: [libCppController.so]"), "{dynamic}");
    assert!(dynamic.contains("Shared library: [libController.so]"), "{dynamic}");
    assert!(dynamic.contains("[$ORIGIN/..]"), "{dynamic}");
}
