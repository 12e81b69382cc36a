; Input of sched-regions.test: blocks of 7 and 3 instructions (PHIs and
; terminators not counted).

define i32 @long(i32 %a, i1 %c) {
entry:
  br label %body

body:
  %p = phi i32 [ %a, %entry ], [ %i7, %body ]
  %i1 = add i32 %p, 1
  %i2 = mul i32 %i1, 3
  %i3 = xor i32 %i2, 5
  %i4 = sub i32 %i3, 7
  %i5 = shl i32 %i4, 1
  %i6 = or i32 %i5, 9
  %i7 = and i32 %i6, 11
  br i1 %c, label %body, label %exit

exit:
  ret i32 %i7
}

define i32 @short(i32 %a) {
entry:
  %s1 = add i32 %a, 1
  %s2 = mul i32 %s1, 3
  %s3 = xor i32 %s2, 5
  ret i32 %s3
}

declare i32 @external(i32)
