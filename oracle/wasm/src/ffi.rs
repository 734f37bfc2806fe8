//! The module's C interface: UTF-8 and bytes through linear memory.
//!
//! The loader allocates room for its arguments with [`xq_alloc`], writes
//! the method name and the argument bytes there, and calls [`xq_call`],
//! which answers 0 (the output is the answer's JSON) or 1 (the output is an
//! error's JSON, `{"code", "message", …}`). The output stays readable at
//! [`xq_output_ptr`] for [`xq_output_len`] bytes until the next call. The
//! loader frees its arguments with [`xq_free`].
//!
//! A panic (a bug: no input should cause one) traps: the module is then
//! unusable and the loader says so.

use std::cell::RefCell;

thread_local! {
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Room for `len` bytes, to be given back with [`xq_free`].
#[no_mangle]
pub extern "C" fn xq_alloc(len: usize) -> *mut u8 {
    let mut v = Vec::<u8>::with_capacity(len.max(1));
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// Gives back room from [`xq_alloc`].
///
/// # Safety
/// `ptr` and `len` must be those of one earlier [`xq_alloc`], freed once.
#[no_mangle]
pub unsafe extern "C" fn xq_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes what xq_alloc gave, with its capacity.
    unsafe { drop(Vec::from_raw_parts(ptr, 0, len.max(1))) }
}

/// Calls a method (see [`crate::call`]); 0 for an answer, 1 for an error.
///
/// # Safety
/// The two ranges must be readable memory of this module (as
/// [`xq_alloc`] gives it).
#[no_mangle]
pub unsafe extern "C" fn xq_call(
    method: *const u8,
    method_len: usize,
    input: *const u8,
    input_len: usize,
) -> u32 {
    // SAFETY: the caller passes ranges it wrote into memory from xq_alloc.
    let (method, input) = unsafe {
        (
            std::slice::from_raw_parts(method, method_len),
            std::slice::from_raw_parts(input, input_len),
        )
    };
    let (status, value) = match std::str::from_utf8(method) {
        Err(_) => (
            1,
            crate::Error::new("unknown-method", "the method name is not UTF-8").to_json(),
        ),
        Ok(m) => match crate::call(m, input) {
            Ok(v) => (0, v),
            Err(e) => (1, e.to_json()),
        },
    };
    let bytes = serde_json::to_vec(&value).expect("JSON values serialize");
    OUTPUT.with(|o| *o.borrow_mut() = bytes);
    status
}

/// Where the last call's output starts.
#[no_mangle]
pub extern "C" fn xq_output_ptr() -> *const u8 {
    OUTPUT.with(|o| o.borrow().as_ptr())
}

/// How long the last call's output is, in bytes.
#[no_mangle]
pub extern "C" fn xq_output_len() -> usize {
    OUTPUT.with(|o| o.borrow().len())
}
