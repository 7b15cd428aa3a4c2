mod binary_heap;
mod btree;
mod vec_deque;
