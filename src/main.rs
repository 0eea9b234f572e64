fn main() {
    println!("vqbot");
}
