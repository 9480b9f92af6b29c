package analyze

import "modernc.org/cc/v4"

// String functions, priced by their bytes as memcpy is (libc_memcpy_byte
// within the caches, the memory's bandwidth beyond: the model's memcpy()):
// glibc's strlen, strcpy, strcmp and memcmp all walk their bytes with
// vector instructions at about a copy's speed. A function with a length
// argument (strncpy, strncat, strncmp, memcmp, bcmp) moves that many;
// one without takes its string's length, which the analysis does not
// know, as the size an allocator gave the string it walks (ParRes's
// strcpy(iterstring, basestring) of a string that fills its buffer), an
// upper bound; a string of unknown size is one call, with a warning.

// stringArg is, per string function, the argument whose length it walks
// (a bound given as a length argument wins: lengthArg).
var stringArg = map[string]int{
	"strlen": 0, "strnlen": 0, "strcpy": 1, "stpcpy": 1, "strcat": 0, "strcmp": 0, "strdup": 0,
	"strncpy": 1, "strncat": 1, "strncmp": 0, "memcmp": 0, "bcmp": 0, "strndup": 0,
}

// lengthArg is the position of the length argument of the functions
// that have one.
var lengthArg = map[string]int{"strnlen": 1, "strncpy": 2, "strncat": 2, "strncmp": 2, "memcmp": 2, "bcmp": 2, "strndup": 1}

// strBytes prices a call of a string function by its bytes; false for
// other functions.
func (o *opsCounter) strBytes(x *cc.PostfixExpression, name string) bool {
	at, ok := stringArg[name]
	if !ok {
		return false
	}
	args := callArgs(x)
	var n Expr
	if i, bounded := lengthArg[name]; bounded && i < len(args) {
		n, ok = o.w.sym(args[i])
	} else if ok = at < len(args); ok {
		n, ok = o.w.allocated[baseOf(args[at])]
	}
	o.addSizedOr(x, "memcpy", n, ok, "call", name+"(length)", "%s of a string whose length the analysis cannot read: priced as one call, its bytes are not counted")
	return true
}
