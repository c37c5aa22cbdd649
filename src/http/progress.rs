//! A request body that must keep arriving: after the head, its first part within the body
//! timeout, and each later part within the body timeout of the one before.
//!
//! The request timeout bounds a whole request, ruling included, so it is long (10 s); a
//! client that sends a head and then nothing would hold its connection, and a slot, that
//! long. This shorter deadline on the body's progress frees it in a fraction of that: the
//! body fails with [`BodyStalled`], which the body reader answers 408 `request-timeout`.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use hyper::body::{Frame, SizeHint};
use pin_project_lite::pin_project;
use tokio::time::{Instant, Sleep};

/// The error of a body on which nothing arrived for the body timeout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("no part of the request body arrived for {timeout_ms} ms")]
pub struct BodyStalled {
    /// The body timeout.
    pub timeout_ms: u64,
}

pin_project! {
    /// `inner`, failing with [`BodyStalled`] once a part is awaited for longer than `timeout`.
    pub struct Progressing<B> {
        #[pin]
        inner: B,
        timeout: Duration,
        // Armed when a part is first awaited, reset when one arrives.
        alarm: Option<Pin<Box<Sleep>>>,
    }
}

impl<B> Progressing<B> {
    /// Wraps `inner`; the clock starts at the first poll, when the body is first read.
    pub fn new(inner: B, timeout: Duration) -> Self {
        Self {
            inner,
            timeout,
            alarm: None,
        }
    }
}

/// `body` with the body timeout, unless there is no body or no timeout.
pub fn with_timeout<B>(body: B, timeout: Option<Duration>) -> Body
where
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    match timeout {
        Some(timeout) if !body.is_end_stream() => Body::new(Progressing::new(body, timeout)),
        _ => Body::new(body),
    }
}

impl<B> HttpBody for Progressing<B>
where
    B: HttpBody,
    B::Error: Into<axum::BoxError>,
{
    type Data = B::Data;
    type Error = axum::BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = self.project();
        match this.inner.poll_frame(cx) {
            Poll::Ready(frame) => {
                // A part arrived: the next one gets a fresh timeout.
                if let Some(alarm) = this.alarm.as_mut() {
                    alarm.as_mut().reset(Instant::now() + *this.timeout);
                }
                Poll::Ready(frame.map(|f| f.map_err(Into::into)))
            }
            Poll::Pending => {
                let timeout = *this.timeout;
                let alarm = this
                    .alarm
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                match alarm.as_mut().poll(cx) {
                    Poll::Pending => Poll::Pending,
                    Poll::Ready(()) => {
                        let timeout_ms = u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX);
                        Poll::Ready(Some(Err(BodyStalled { timeout_ms }.into())))
                    }
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
