package tracecache

import (
	"os"
	"syscall"
)

// identity is what a file's stat says about which version of it this
// is: the device and inode (a file replaced by rename is another inode),
// its size, and its modification and change times in nanoseconds. The
// change time cannot be set by a program (utimes sets the modification
// time, and changes ctime to now): a file rewritten in place and given
// back its old modification time still changes it. ok is false where
// the platform's stat gives no change time.
func identity(fi os.FileInfo) (id fileID, ok bool) {
	st, is := fi.Sys().(*syscall.Stat_t)
	if !is {
		return fileID{Size: fi.Size(), Mtime: fi.ModTime().UnixNano()}, false
	}
	return fileID{Dev: uint64(st.Dev), Ino: st.Ino, Size: st.Size,
		Mtime: st.Mtim.Nano(), Ctime: st.Ctim.Nano()}, true
}
