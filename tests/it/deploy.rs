//! Keeps the packaging consistent with the service: the Kubernetes manifests probe the right
//! endpoints and port, and run as the same non-root user the Dockerfile sets.

use serde_json::Value;

fn manifest(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn dockerfile_user() -> String {
    let text = std::fs::read_to_string("Dockerfile").unwrap();
    let user = text
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("USER "))
        .expect("Dockerfile sets USER");
    user.trim().to_owned()
}

#[test]
fn deployment_probes_and_security_match_the_service() {
    let d = manifest("deploy/deployment.yaml");
    assert_eq!(d["kind"], "Deployment");
    let pod = &d["spec"]["template"]["spec"];
    let c = &pod["containers"][0];

    assert_eq!(c["livenessProbe"]["httpGet"]["path"], "/healthz");
    assert_eq!(c["readinessProbe"]["httpGet"]["path"], "/readyz");
    assert_eq!(c["ports"][0]["containerPort"], 8080);
    assert!(c["lifecycle"]["preStop"].is_object(), "preStop drain delay");
    assert!(c["resources"]["requests"].is_object());

    assert_eq!(pod["securityContext"]["runAsNonRoot"], true);
    assert_eq!(c["securityContext"]["readOnlyRootFilesystem"], true);
    assert_eq!(c["securityContext"]["allowPrivilegeEscalation"], false);
    let uid = pod["securityContext"]["runAsUser"].as_u64().unwrap();
    let gid = pod["securityContext"]["runAsGroup"].as_u64().unwrap();
    assert_eq!(dockerfile_user(), format!("{uid}:{gid}"));
}

#[test]
fn service_hpa_and_pdb_select_the_deployment() {
    let d = manifest("deploy/deployment.yaml");
    let labels = &d["spec"]["selector"]["matchLabels"];

    let svc = manifest("deploy/service.yaml");
    assert_eq!(&svc["spec"]["selector"], labels);
    assert_eq!(svc["spec"]["ports"][0]["targetPort"], "http");

    let hpa = manifest("deploy/hpa.yaml");
    assert_eq!(hpa["apiVersion"], "autoscaling/v2");
    assert_eq!(hpa["spec"]["scaleTargetRef"]["name"], d["metadata"]["name"]);

    let pdb = manifest("deploy/pdb.yaml");
    assert_eq!(pdb["apiVersion"], "policy/v1");
    assert_eq!(&pdb["spec"]["selector"]["matchLabels"], labels);
}

/// The pod's memory counts the engine pool: the service's own 128Mi and 96Mi for each engine
/// process (Fairy-Stockfish at a 16 MB hash is some 80 MB resident, docs/performance.md).
#[test]
fn deployment_memory_counts_the_engine_pool() {
    let d = manifest("deploy/deployment.yaml");
    let c = &d["spec"]["template"]["spec"]["containers"][0];
    let env = |name: &str| {
        c["env"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .and_then(|e| e["value"].as_str())
            .unwrap_or_else(|| panic!("{name} is set"))
            .to_owned()
    };
    let pool: u64 = env("XA_ENGINE_POOL").parse().unwrap();
    assert!(pool >= 1);
    assert!(env("XA_ENGINE_OPTIONS").contains("Hash=16"));
    let mebibytes = |v: &Value| {
        v.as_str()
            .unwrap()
            .strip_suffix("Mi")
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    assert!(mebibytes(&c["resources"]["limits"]["memory"]) >= 128 + 96 * pool);
    let dockerfile = std::fs::read_to_string("Dockerfile").unwrap();
    assert!(dockerfile.contains("COPY --from=engine /usr/games/fairy-stockfish"));
    assert!(
        dockerfile.contains("fairy-stockfish/copyright"),
        "the engine's licence ships with it"
    );
}
