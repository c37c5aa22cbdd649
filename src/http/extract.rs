//! `ApiJson`: axum's `Json` extractor with problem+json rejections.
//!
//! axum answers JSON rejections in plain text and uses 422 for wrong types; the contract
//! wants problem+json, 400 for anything that is not the expected JSON shape, 413 for an
//! over-limit body and 415 for a wrong content type.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::ApiError;
use super::state::AppState;

/// A JSON request body (extractor) or response body (responder).
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T> FromRequest<AppState> for ApiJson<T>
where
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(map_rejection(rejection, state.max_body_bytes)),
        }
    }
}

fn map_rejection(rejection: JsonRejection, max_body_bytes: usize) -> ApiError {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => ApiError::UnsupportedMediaType,
        JsonRejection::JsonDataError(e) => ApiError::MalformedJson {
            detail: e.body_text(),
        },
        JsonRejection::JsonSyntaxError(e) => ApiError::MalformedJson {
            detail: e.body_text(),
        },
        other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge {
            limit: max_body_bytes,
        },
        // Body read failures (client hung up, bad chunking): still the client's doing.
        other => ApiError::MalformedJson {
            detail: other.body_text(),
        },
    }
}

/// Room for a ruling's answer (about 3 KB for a cycle of eight plies) in one
/// allocation, where axum's `Json` starts at 128 bytes and grows five times.
const ANSWER_CAPACITY: usize = 4096;

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        let mut body = Vec::with_capacity(ANSWER_CAPACITY);
        match serde_json::to_writer(&mut body, &self.0) {
            Ok(()) => (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                )],
                body,
            )
                .into_response(),
            // Our answers are plain data: this would be a bug, answered as one.
            Err(e) => {
                tracing::error!(error = %e, "cannot serialize an answer");
                ApiError::Internal.into_response()
            }
        }
    }
}
