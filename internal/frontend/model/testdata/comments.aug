// File header comment.
/* A block comment
   spanning lines. */
model comments // the model's name

// Parameters.
param A = 1 // trailing on a param
param B = /* inside */ 2

/* before a cost */
cost F(x) = x * 2 // trailing on a cost

// The entry point.
activity main { // after the brace
  // leading a statement
  action X cost F(A) // trailing an action
  /* block before */ call helper
  if A > 0 { // on the if line
    action Y // in then
  } else { // on the else line
    // only a comment
  } // after the if
  send S to 1 // first
    size 8 // second
  choose { // choose line
    // before alternative
    0.5 { action Z }
    else { action W } // after else
  }
  action Q { A = 1 /* in code */; B = 2 } // after code
  // before closing brace
}

activity helper {
  // empty but for this comment
}
// Trailing file comment.
/* and a final block */
