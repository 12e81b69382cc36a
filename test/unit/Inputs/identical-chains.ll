; Runs of identical blocks for rerollChains (reroll.test). @next counts
; calls: a poll that succeeds on call %k.

@calls = internal global i32 0

define i32 @next() {
  %n = load i32, ptr @calls
  %n1 = add i32 %n, 1
  store i32 %n1, ptr @calls
  ret i32 %n1
}

declare void @sync() convergent

; Five polls in a row: rolled. The exit's PHI takes each poll's value.
define i32 @polls(i32 %k) {
entry:
  store i32 0, ptr @calls
  br label %p0
p0:
  %v0 = call i32 @next()
  %c0 = icmp sge i32 %v0, %k
  br i1 %c0, label %done, label %p1
p1:
  %v1 = call i32 @next()
  %c1 = icmp sge i32 %v1, %k
  br i1 %c1, label %done, label %p2
p2:
  %v2 = call i32 @next()
  %c2 = icmp sge i32 %v2, %k
  br i1 %c2, label %done, label %p3
p3:
  %v3 = call i32 @next()
  %c3 = icmp sge i32 %v3, %k
  br i1 %c3, label %done, label %p4
p4:
  %v4 = call i32 @next()
  %c4 = icmp sge i32 %v4, %k
  br i1 %c4, label %done, label %none
none:
  %last = add i32 %v4, 1000
  ret i32 %last
done:
  %r = phi i32 [ %v0, %p0 ], [ %v1, %p1 ], [ %v2, %p2 ], [ %v3, %p3 ], [ %v4, %p4 ]
  ret i32 %r
}

; Each poll adds to what the one before left (the warp scheduler's
; failure flag): the sum is carried round the loop.
define i32 @carried(i32 %k, i32 %start) {
entry:
  store i32 0, ptr @calls
  br label %p0
p0:
  %v0 = call i32 @next()
  %s0 = add i32 %start, %v0
  %c0 = icmp sge i32 %v0, %k
  br i1 %c0, label %done, label %p1
p1:
  %v1 = call i32 @next()
  %s1 = add i32 %s0, %v1
  %c1 = icmp sge i32 %v1, %k
  br i1 %c1, label %done, label %p2
p2:
  %v2 = call i32 @next()
  %s2 = add i32 %s1, %v2
  %c2 = icmp sge i32 %v2, %k
  br i1 %c2, label %done, label %p3
p3:
  %v3 = call i32 @next()
  %s3 = add i32 %s2, %v3
  %c3 = icmp sge i32 %v3, %k
  br i1 %c3, label %done, label %none
none:
  %neg = sub i32 0, %s3
  ret i32 %neg
done:
  %r = phi i32 [ %s0, %p0 ], [ %s1, %p1 ], [ %s2, %p2 ], [ %s3, %p3 ]
  ret i32 %r
}

; Three copies: too short.
define i32 @short(i32 %k) {
entry:
  br label %p0
p0:
  %v0 = call i32 @next()
  %c0 = icmp sge i32 %v0, %k
  br i1 %c0, label %done, label %p1
p1:
  %v1 = call i32 @next()
  %c1 = icmp sge i32 %v1, %k
  br i1 %c1, label %done, label %p2
p2:
  %v2 = call i32 @next()
  %c2 = icmp sge i32 %v2, %k
  br i1 %c2, label %done, label %none
none:
  ret i32 -1
done:
  ret i32 %k
}

; The second copy's value is used after the run: only the run from it on
; (four copies) could roll, and that one starts at a copy of the block
; before it, so nothing rolls.
define i32 @used(i32 %k) {
entry:
  br label %p0
p0:
  %v0 = call i32 @next()
  %c0 = icmp sge i32 %v0, %k
  br i1 %c0, label %done, label %p1
p1:
  %v1 = call i32 @next()
  %c1 = icmp sge i32 %v1, %k
  br i1 %c1, label %done, label %p2
p2:
  %v2 = call i32 @next()
  %c2 = icmp sge i32 %v2, %k
  br i1 %c2, label %done, label %p3
p3:
  %v3 = call i32 @next()
  %c3 = icmp sge i32 %v3, %k
  br i1 %c3, label %done, label %none
none:
  %x = add i32 %v1, %v3
  ret i32 %x
done:
  ret i32 %k
}

; A convergent call is not rolled; nor is a run whose copies differ (the
; fourth compares with another constant: only three copies repeat).
define i32 @kept(i32 %k) {
entry:
  br label %p0
p0:
  call void @sync()
  %c0 = icmp sge i32 %k, 1
  br i1 %c0, label %done, label %p1
p1:
  call void @sync()
  %c1 = icmp sge i32 %k, 1
  br i1 %c1, label %done, label %p2
p2:
  call void @sync()
  %c2 = icmp sge i32 %k, 1
  br i1 %c2, label %done, label %p3
p3:
  call void @sync()
  %c3 = icmp sge i32 %k, 1
  br i1 %c3, label %done, label %q0
q0:
  %w0 = call i32 @next()
  %d0 = icmp sge i32 %w0, %k
  br i1 %d0, label %done, label %q1
q1:
  %w1 = call i32 @next()
  %d1 = icmp sge i32 %w1, %k
  br i1 %d1, label %done, label %q2
q2:
  %w2 = call i32 @next()
  %d2 = icmp sge i32 %w2, %k
  br i1 %d2, label %done, label %q3
q3:
  %w3 = call i32 @next()
  %d3 = icmp sge i32 %w3, 7
  br i1 %d3, label %done, label %none
none:
  ret i32 -1
done:
  ret i32 %k
}

; The first copy's add has nuw, the others not: every trip would run the
; first copy's, poison where the others wrap. Not rolled (the three
; copies after it are too few).
define i32 @flags(i32 %x0) {
entry:
  br label %b1
b1:
  %y1 = add nuw i32 %x0, 1
  %c1 = icmp eq i32 %y1, 0
  br i1 %c1, label %exit, label %b2
b2:
  %y2 = add i32 %y1, 1
  %c2 = icmp eq i32 %y2, 0
  br i1 %c2, label %exit, label %b3
b3:
  %y3 = add i32 %y2, 1
  %c3 = icmp eq i32 %y3, 0
  br i1 %c3, label %exit, label %b4
b4:
  %y4 = add i32 %y3, 1
  %c4 = icmp eq i32 %y4, 0
  br i1 %c4, label %exit, label %after
after:
  ret i32 99
exit:
  ret i32 7
}

; The second copy branches on the first copy's condition, not on its own:
; not the same position's condition. Not rolled.
define i32 @cond(i1 %cin) {
entry:
  br label %b1
b1:
  %z1 = zext i1 %cin to i32
  %v1 = call i32 @next()
  %s1 = add i32 %v1, %z1
  %c1 = icmp eq i32 %s1, 1
  br i1 %c1, label %exit, label %b2
b2:
  %z2 = zext i1 %c1 to i32
  %v2 = call i32 @next()
  %s2 = add i32 %v2, %z2
  %c2 = icmp eq i32 %s2, 1
  br i1 %c1, label %exit, label %b3
b3:
  %z3 = zext i1 %c2 to i32
  %v3 = call i32 @next()
  %s3 = add i32 %v3, %z3
  %c3 = icmp eq i32 %s3, 1
  br i1 %c3, label %exit, label %b4
b4:
  %z4 = zext i1 %c3 to i32
  %v4 = call i32 @next()
  %s4 = add i32 %v4, %z4
  %c4 = icmp eq i32 %s4, 1
  br i1 %c4, label %exit, label %after
after:
  ret i32 -1
exit:
  %r = phi i32 [ %s1, %b1 ], [ %s2, %b2 ], [ %s3, %b3 ], [ %s4, %b4 ]
  ret i32 %r
}

declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d \00"

define i32 @main() {
  %a1 = call i32 @polls(i32 1)
  %a3 = call i32 @polls(i32 3)
  %a5 = call i32 @polls(i32 5)
  %a9 = call i32 @polls(i32 9)
  %b2 = call i32 @carried(i32 2, i32 100)
  %b9 = call i32 @carried(i32 9, i32 100)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a1)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a3)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a5)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a9)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %b2)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %b9)
  ret i32 0
}
