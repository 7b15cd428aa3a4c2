fn main() {
    veil::run();
}
