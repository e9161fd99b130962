; FP16 division through binary32, the element step of divide_widened<Fp16>
; (src/core/div_element.hpp) and of the F16C kernel: widen both FP16 operands
; to binary32 (exact), divide in binary32 rounding to nearest even, round the
; quotient to FP16 to nearest even. Claim: the result is the correctly rounded
; FP16 quotient for every pair of FP16 values (a NaN where it is a NaN).
; `unsat` proves it: no pair breaks it.
;
; Not in the replayed Why3 sessions because of its cost: Z3 4.8.12 took
; 2339 s (rlimit-count 3,174,995,874) on 2026-11-24 beside a build; the BF16
; statement (bf16_division_through_binary32.smt2) takes about 1/9 of that
; work and is replayed by ctest. Run:
;   z3 -smt2 -st why3/smt/fp16_division_through_binary32.smt2
(set-logic QF_FP)
(declare-const x (_ FloatingPoint 5 11))
(declare-const y (_ FloatingPoint 5 11))
(define-fun wide () (_ FloatingPoint 8 24) (fp.div RNE ((_ to_fp 8 24) RNE x) ((_ to_fp 8 24) RNE y)))
(define-fun twice () (_ FloatingPoint 5 11) ((_ to_fp 5 11) RNE wide))
(define-fun direct () (_ FloatingPoint 5 11) (fp.div RNE x y))
(assert (not (or (and (fp.isNaN twice) (fp.isNaN direct)) (= twice direct))))
(check-sat)
