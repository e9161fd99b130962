; FP16 division through binary32, the element step of divide_widened<Fp16>
; (src/core/div_element.hpp) and of the F16C kernel: widen both FP16 operands
; to binary32 (exact), divide in binary32 rounding to nearest even, round the
; quotient to FP16 to nearest even. Claim: the result is the correctly rounded
; FP16 quotient for every pair of FP16 values (a NaN where it is a NaN).
; `unsat` proves it: no pair breaks it.
;
; Replayed by the ctest why3_smt_fp16_division (why3/CMakeLists.txt), under
; the label exhaustive because of its cost (the evidence bundle's full mode),
; with Z3's resource limit set to the count recorded below plus one, like the
; Why3 sessions (why3/README.md, "Replay limits"): Z3 4.8.12 with these seeds
; used rlimit-count 3,480,398,849 (2026-11-25; 1083 s of CPU time, 28 min
; beside other work). The BF16 statement (bf16_division_through_binary32.smt2)
; takes about 1/6 of that work and is replayed in the suite.
; replay-rlimit-count: 3480398849
(set-logic QF_FP)
(declare-const x (_ FloatingPoint 5 11))
(declare-const y (_ FloatingPoint 5 11))
(define-fun wide () (_ FloatingPoint 8 24) (fp.div RNE ((_ to_fp 8 24) RNE x) ((_ to_fp 8 24) RNE y)))
(define-fun twice () (_ FloatingPoint 5 11) ((_ to_fp 5 11) RNE wide))
(define-fun direct () (_ FloatingPoint 5 11) (fp.div RNE x y))
(assert (not (or (and (fp.isNaN twice) (fp.isNaN direct)) (= twice direct))))
(check-sat)
