; An irreducible cycle with two entries, H and E, and a block P inside it
; that branches to both. LLVM 22's FixIrreducible picks H as the header,
; routes P -> H through its guard block, leaves P -> E direct, but moves
; E's PHI into the guard too: on the direct edge E then reads the guard's
; value from an earlier visit. `opt-22 -passes=fix-irreducible` on this
; file makes @f loop for ever; as written, and after makeReducible (the
; critical edges split first), main prints 22.

define i32 @f(i1 %c0) {
entry:
  br i1 %c0, label %H, label %E

H:
  %h = phi i32 [ 1000, %entry ], [ %v, %P ]
  %ex = icmp ugt i32 %h, 20
  br i1 %ex, label %exit, label %P2

P2:
  br label %P

E:
  %e = phi i32 [ 0, %entry ], [ %v, %P ]
  br label %P

P:
  %x = phi i32 [ %h, %P2 ], [ %e, %E ]
  %v = add i32 %x, 1
  %odd = and i32 %v, 1
  %toE = icmp ne i32 %odd, 0
  br i1 %toE, label %E, label %H

exit:
  ret i32 %h
}

; Two entries reached from a switch: FixIrreducible alone crashes on the
; switch's edges; the switch is lowered to branches first.
define i32 @s(i32 %x, i32 %n) {
entry:
  switch i32 %x, label %exit [ i32 0, label %A
                               i32 1, label %B ]
A:
  %a = phi i32 [ 0, %entry ], [ %b1, %B ]
  %a1 = add i32 %a, 1
  %c = icmp ult i32 %a1, %n
  br i1 %c, label %B, label %exit
B:
  %b = phi i32 [ 5, %entry ], [ %a1, %A ]
  %b1 = add i32 %b, 2
  %d = icmp ult i32 %b1, %n
  br i1 %d, label %A, label %exit
exit:
  %r = phi i32 [ -1, %entry ], [ %a1, %A ], [ %b1, %B ]
  ret i32 %r
}

; Reducible: left as it is.
define i32 @g(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %done

done:
  ret i32 %i1
}

@fmt = private constant [16 x i8] c"%d %d %d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
  %r = call i32 @f(i1 false)
  %s = call i32 @g(i32 5)
  %s0 = call i32 @s(i32 0, i32 20)
  %s1 = call i32 @s(i32 1, i32 20)
  %s2 = call i32 @s(i32 2, i32 20)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r, i32 %s, i32 %s0, i32 %s1, i32 %s2)
  ret i32 0
}
