# Sourced by the installers: `take_lock <file>` holds an exclusive lock on <file> through file
# descriptor 9 until the script exits (the kernel releases it, even if the script is killed).
# flock(1) comes with Linux (util-linux); macOS has none, so there perl's flock() takes the same
# lock on the same descriptor.
take_lock() {
	exec 9>"$1"
	if command -v flock >/dev/null; then
		flock 9
	else
		perl -MFcntl=:flock -e 'open(my $fd, ">&=", 9) or die "fd 9: $!"; flock($fd, LOCK_EX) or die "flock: $!"'
	fi
}
