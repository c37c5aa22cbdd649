pub mod adjudication;
pub mod xiangqi;
