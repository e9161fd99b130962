; BF16 division through binary32, the element step of divide_widened<Bf16>
; (src/core/div_element.hpp) and of the AVX2 BF16 kernel: widen both BF16
; operands to binary32 (exact), divide in binary32 rounding to nearest even,
; round the quotient to BF16 to nearest even. Claim: the result is the
; correctly rounded BF16 quotient for every pair of BF16 values (a NaN where
; it is a NaN; zeros, infinities and subnormals included). `unsat` proves
; it: no pair breaks it.
;
; Replayed by the ctest why3_smt_bf16_division (why3/CMakeLists.txt) with
; Z3's resource limit set to the count recorded below plus one, like the
; Why3 sessions (why3/README.md, "Replay limits"): Z3 4.8.12 with these seeds
; used rlimit-count 575,315,835 (2026-11-24; 160 s of CPU time beside a build).
; replay-rlimit-count: 575315835
(set-logic QF_FP)
(declare-const x (_ FloatingPoint 8 8))
(declare-const y (_ FloatingPoint 8 8))
(define-fun wide () (_ FloatingPoint 8 24) (fp.div RNE ((_ to_fp 8 24) RNE x) ((_ to_fp 8 24) RNE y)))
(define-fun twice () (_ FloatingPoint 8 8) ((_ to_fp 8 8) RNE wide))
(define-fun direct () (_ FloatingPoint 8 8) (fp.div RNE x y))
(assert (not (or (and (fp.isNaN twice) (fp.isNaN direct)) (= twice direct))))
(check-sat)
