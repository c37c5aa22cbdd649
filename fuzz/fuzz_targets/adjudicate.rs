//! The whole request: arbitrary bytes as a JSON body. Anything that deserializes must get a
//! verdict or a 4xx problem, never a panic or a 5xx. The same bytes go to `legal-moves`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_arbiter::arbiter::LawArbiter;
use xiangqi_arbiter::config::Config;
use xiangqi_arbiter::http::dto::{AdjudicateRequest, LegalMovesRequest, Limits};
use xiangqi_arbiter::http::engine::Arbiter;
use xiangqi_arbiter::http::v1::adjudicate_one;

fuzz_target!(|data: &[u8]| {
    let config = Config::default();
    let limits = Limits {
        max_moves: config.max_moves,
        max_batch: config.max_batch,
    };
    if let Ok(req) = serde_json::from_slice::<AdjudicateRequest>(data)
        && let Err(e) = adjudicate_one(&LawArbiter, &limits, &req)
    {
        assert!(e.status().is_client_error(), "{req:?} → {e:?}");
    }
    if let Ok(req) = serde_json::from_slice::<LegalMovesRequest>(data)
        && let Err(e) = req
            .check_limits(&limits)
            .and_then(|()| LawArbiter.legal_moves(&req))
    {
        assert!(e.status().is_client_error(), "{req:?} → {e:?}");
    }
});
