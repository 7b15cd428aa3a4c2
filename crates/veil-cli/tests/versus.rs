//! `veil-cli versus` against `veil-cli gtp` itself: a whole match through
//! GTP, end to end.
use std::process::Command;

#[test]
fn versus_plays_a_gtp_engine_to_the_end() {
    let bin = env!("CARGO_BIN_EXE_veil-cli");
    let output = Command::new(bin)
        .args([
            "versus",
            "--game",
            "go",
            "--engine",
            &format!("{bin} gtp --level random"),
            "--size",
            "9",
            "--games",
            "2",
            "--think-ms",
            "20",
            "--level",
            "easy",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    let json: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(json["game"], "go");
    assert_eq!(json["games"], 2);
    assert_eq!(json["refused_by_veil"], 0);
    assert_eq!(json["refused_by_engine"], 0);
    let seats = json["seats"].as_array().unwrap();
    let total: u64 = ["wins", "draws", "losses"]
        .iter()
        .map(|k| seats[0][k].as_u64().unwrap())
        .sum();
    assert_eq!(total, 2);
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{stderr}"
    );
}

#[test]
fn versus_resigns_a_hopeless_game_when_asked() {
    // Komi 80.5 on 9×9: Black (Veil, in the first game) wins only by
    // owning all 81 points, so against an engine that makes life (not a
    // random one, all of whose stones die) its chances stay near nothing;
    // Veil plays at the weakest level, which never kills everything.
    let bin = env!("CARGO_BIN_EXE_veil-cli");
    let run = |resign: &str| {
        Command::new(bin)
            .args([
                "versus",
                "--game",
                "go",
                "--engine",
                &format!("{bin} gtp --level normal --think-ms 30"),
                "--size",
                "9",
                "--games",
                "1",
                "--think-ms",
                "20",
                "--level",
                "random",
                "--komi",
                "80.5",
                "--resign",
                resign,
            ])
            .output()
            .unwrap()
    };
    let output = run("0.1");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stderr.contains("Veil resigned after"), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(json["resignations"], 1);
    assert_eq!(json["seats"][0]["losses"], 1);
    // A threshold that would resign even games and a word are refused.
    for bad in ["0.5", "x"] {
        let output = run(bad);
        assert!(!output.status.success());
        assert!(String::from_utf8_lossy(&output.stderr).contains("--resign"));
    }
}
