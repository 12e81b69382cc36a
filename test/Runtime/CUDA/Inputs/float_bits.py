"""Float bit patterns shared by float-nan.py and atomic-nan.py."""

# NaNs: quiet +payload, quiet -payload, signalling +, signalling -, canonical.
NAN = {
    32: [0x7fc00001, 0xffc12345, 0x7f800001, 0xff800123, 0x7fffffff],
    64: [0x7ff8000000000001, 0xfff8000000012345, 0x7ff0000000000001,
         0xfff0000000000123, 0x7fffffffffffffff],
    16: [0x7e01, 0xfe23, 0x7c01, 0xfd23, 0x7fff],      # f16
    'bf': [0x7fc1, 0xffc3, 0x7f81, 0xff85, 0x7fff],     # bf16
}
# Ordinary operands: 1.5, -2, 0.75.
ORD = {32: [0x3fc00000, 0xc0000000, 0x3f400000],
       64: [0x3ff8000000000000, 0xc000000000000000, 0x3fe8000000000000],
       16: [0x3e00, 0xc000, 0x3a00], 'bf': [0x3fc0, 0xc000, 0x3f40]}
INF = {32: 0x7f800000, 64: 0x7ff0000000000000, 16: 0x7c00, 'bf': 0x7f80}
NEG = {32: 1 << 31, 64: 1 << 63, 16: 0x8000, 'bf': 0x8000}
BITS = {32: 32, 64: 64, 16: 16, 'bf': 16}
