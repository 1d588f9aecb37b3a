//! The global `wbfile` object templates see, kept inside its box: files are written only inside the
//! run's temporary files folder (an absolute path, or one climbing out with `..`, is refused), and
//! reads are of regular files of at most `MAX_READ` bytes (a device or a FIFO is refused before it is
//! opened for reading: `/dev/zero` would grow the runner without bound, a FIFO block it).

use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use rquickjs::{Coerced, Ctx, Exception, Function, Object};

/// The largest file a template may read, in bytes (64 MiB).
pub const MAX_READ: u64 = 64 << 20;

pub(super) fn object<'js>(ctx: &Ctx<'js>, tmp: &Path) -> rquickjs::Result<Object<'js>> {
    let o = Object::new(ctx.clone())?;
    let dir = tmp.to_path_buf();
    o.set("fileExists", Function::new(ctx.clone(), move |p: Coerced<String>| dir.join(p.0).exists())?)?;
    let dir = tmp.to_path_buf();
    o.set(
        "readTextFile",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, p: Coerced<String>| {
            read(&dir.join(&p.0))
                .map_err(|why| Exception::throw_message(&ctx, &format!("wbfile.readTextFile('{}'): {why}", p.0)))
        })?,
    )?;
    let dir = tmp.to_path_buf();
    o.set(
        "writeTextFile",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, name: Coerced<String>, content: Coerced<String>| {
            let Some(path) = inside(&dir, &name.0) else {
                let why = format!(
                    "wbfile.writeTextFile('{}'): a template writes only inside its temporary files folder {} (a \
                     relative path without '..')",
                    name.0,
                    dir.display()
                );
                return Err(Exception::throw_message(&ctx, &why));
            };
            let parent = path.parent().unwrap_or(&dir);
            Ok(std::fs::create_dir_all(parent).is_ok() && std::fs::write(&path, content.0).is_ok())
        })?,
    )?;
    Ok(o)
}

/// `name` as a path inside `dir`, or `None` when it is absolute or climbs out of it.
pub fn inside(dir: &Path, name: &str) -> Option<PathBuf> {
    super::super::confine::stays_inside(name).then(|| dir.join(name))
}

/// A missing file reads as "" (as before); anything but a regular file of at most `MAX_READ` bytes is refused.
pub fn read(path: &Path) -> Result<String, String> {
    // O_NONBLOCK: opening a FIFO never waits for a writer; what it is is checked on the open file
    let file = match std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(String::new()),
        Err(e) => return Err(e.to_string()),
    };
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file: templates read only regular files".into());
    }
    if meta.len() > MAX_READ {
        return Err(format!("{} bytes, more than the {MAX_READ} bytes (64 MiB) a template may read", meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_READ + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_READ {
        return Err(format!("more than the {MAX_READ} bytes (64 MiB) a template may read"));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_stay_inside_the_folder() {
        let dir = Path::new("/tmp/box");
        assert_eq!(inside(dir, "a.txt"), Some(dir.join("a.txt")));
        assert_eq!(inside(dir, "sub/../b.txt"), Some(dir.join("sub/../b.txt")));
        for bad in ["/etc/passwd", "../x", "a/../../x", "..", ".", "", "./.."] {
            assert_eq!(inside(dir, bad), None, "{bad}");
        }
    }

    #[test]
    fn reads_are_of_regular_bounded_files() {
        assert!(read(Path::new("/dev/zero")).unwrap_err().contains("not a regular file"));
        assert!(read(Path::new("/tmp")).is_err());
        assert_eq!(read(Path::new("/nonexistent/file")), Ok(String::new()));
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        let start = std::time::Instant::now();
        assert!(read(&fifo).unwrap_err().contains("not a regular file"));
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
        let big = dir.path().join("big");
        std::fs::File::create(&big).unwrap().set_len(MAX_READ + 1).unwrap();
        assert!(read(&big).unwrap_err().contains("64 MiB"));
        std::fs::write(dir.path().join("ok"), "hello").unwrap();
        assert_eq!(read(&dir.path().join("ok")), Ok("hello".into()));
    }
}
