pub mod xiangqi;
