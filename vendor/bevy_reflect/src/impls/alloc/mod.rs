mod borrow;
mod collections;
mod string;
mod vec;
