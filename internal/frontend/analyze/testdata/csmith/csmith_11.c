/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 11 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_11.c
 * Seed:      11
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
/* --- GLOBAL VARIABLES --- */
static int32_t g_6 = 0L;
static int32_t g_25 = (-1L);
static int32_t * const  volatile g_27 = (void*)0;/* VOLATILE GLOBAL g_27 */
static int32_t g_29[4] = {0x66D8FF8CL,0x66D8FF8CL,0x66D8FF8CL,0x66D8FF8CL};
static int16_t g_39 = 0x321AL;
static int32_t * volatile g_43 = (void*)0;/* VOLATILE GLOBAL g_43 */
static int64_t g_51 = 0x0D229656D2926A09LL;
static uint32_t g_66 = 0xD473CB3FL;
static uint8_t g_77 = 0x58L;
static uint16_t g_85 = 0UL;
static volatile int32_t g_95 = 0x84DD3EA5L;/* VOLATILE GLOBAL g_95 */
static volatile int32_t *g_94[3] = {&g_95,&g_95,&g_95};
static volatile int32_t **g_93 = &g_94[2];
static volatile int32_t *** volatile g_92 = &g_93;/* VOLATILE GLOBAL g_92 */
static int32_t g_102[3][4] = {{0x5C4B4462L,0L,0x5C4B4462L,0L},{0x5C4B4462L,0L,0x5C4B4462L,0L},{0x5C4B4462L,0L,0x5C4B4462L,0L}};
static int32_t * const g_112[2] = {&g_25,&g_25};
static int32_t * const  volatile * const  volatile g_111 = &g_112[1];/* VOLATILE GLOBAL g_111 */
static const int8_t g_137 = 0x4AL;
static volatile uint16_t g_142[4] = {0x6252L,0x6252L,0x6252L,0x6252L};
static volatile uint16_t *g_141 = &g_142[3];
static volatile uint16_t * volatile *g_140 = &g_141;
static uint8_t g_180 = 1UL;
static uint64_t g_224 = 4UL;
static uint64_t g_256 = 1UL;
static volatile uint16_t g_291 = 0x3005L;/* VOLATILE GLOBAL g_291 */
static int32_t *g_295 = &g_29[2];
static int32_t **g_294 = &g_295;
static int32_t ***g_293 = &g_294;
static int32_t ****g_292 = &g_293;
static volatile int64_t * const  volatile * volatile *g_326 = (void*)0;
static uint32_t g_386[1][3] = {{0xAD14D540L,0xAD14D540L,0xAD14D540L}};


/* --- FORWARD DECLARATIONS --- */
static int32_t  func_1(void);
static int32_t  func_2(uint16_t  p_3, uint16_t  p_4, int8_t  p_5);
static int32_t  func_7(int32_t  p_8, int32_t  p_9, uint16_t  p_10);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_6 g_25 g_39 g_29 g_85 g_77 g_66 g_92 g_93 g_94 g_95 g_111 g_137 g_51 g_140 g_102 g_141 g_142 g_180 g_224 g_256 g_291 g_292 g_112 g_294 g_295 g_293
 * writes: g_25 g_29 g_66 g_39 g_77 g_85 g_6 g_92 g_95 g_180 g_224 g_51 g_256 g_94
 */
static int32_t  func_1(void)
{ /* block id: 0 */
    uint8_t l_11 = 0xD2L;
    int32_t l_22[1][2];
    int32_t *l_23 = (void*)0;
    int32_t *l_24 = &g_25;
    int64_t ** const *l_309 = (void*)0;
    int8_t l_329[1];
    int i, j;
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 2; j++)
            l_22[i][j] = 0xF609B2B5L;
    }
    for (i = 0; i < 1; i++)
        l_329[i] = 0x2FL;
    if (((**g_294) = func_2(g_6, (((func_7(l_11, ((*l_24) = ((safe_add_func_int8_t_s_s(((safe_add_func_uint8_t_u_u(l_11, (safe_add_func_uint32_t_u_u((safe_sub_func_uint16_t_u_u((safe_rshift_func_int8_t_s_u((l_22[0][1] = ((0x0BL ^ 0xDFL) >= 1L)), g_6)), l_11)), l_11)))) , 0L), 1L)) , g_6)), l_11) , 0xA051AAF19195C588LL) ^ 18446744073709551612UL) , g_39), g_39)))
    { /* block id: 137 */
        const int16_t l_299 = (-3L);
        (***g_293) = l_299;
    }
    else
    { /* block id: 139 */
        uint64_t l_310 = 0xCD9FBB120FD1AB54LL;
        int32_t *l_311[4][2] = {{&g_102[2][1],&g_102[2][1]},{&g_102[2][1],&g_102[2][1]},{&g_102[2][1],&g_102[2][1]},{&g_102[2][1],&g_102[2][1]}};
        uint16_t l_316 = 0x84DEL;
        int32_t **l_343 = &l_23;
        int32_t ***l_342 = &l_343;
        int8_t l_344 = 0xB0L;
        int32_t ****l_359 = &g_293;
        int32_t * const *l_369[1][1];
        uint32_t *l_385 = &g_386[0][1];
        const int32_t l_387 = 0xC069EF53L;
        int i, j;
        for (i = 0; i < 1; i++)
        {
            for (j = 0; j < 1; j++)
                l_369[i][j] = &l_311[1][0];
        }
    }
    return l_22[0][1];
}


/* ------------------------------------------ */
/* 
 * reads : g_39 g_25 g_6 g_29 g_85 g_77 g_66 g_92 g_93 g_94 g_95 g_111 g_137 g_51 g_140 g_102 g_141 g_142 g_180 g_224 g_256 g_291 g_292 g_112
 * writes: g_66 g_39 g_77 g_85 g_6 g_29 g_92 g_95 g_180 g_224 g_51 g_256 g_94
 */
static int32_t  func_2(uint16_t  p_3, uint16_t  p_4, int8_t  p_5)
{ /* block id: 14 */
    int8_t l_49[2];
    int64_t *l_50[2][2];
    int32_t l_52 = 0x9E855C71L;
    int32_t l_53 = 0L;
    const int64_t *l_61 = &g_51;
    uint16_t **l_98 = (void*)0;
    uint16_t *l_109 = &g_85;
    uint16_t **l_108 = &l_109;
    int32_t l_120[2];
    int32_t *l_236 = &g_102[1][2];
    uint64_t l_247 = 0xD80B03E048479635LL;
    int32_t ****l_296 = &g_293;
    int i, j;
    for (i = 0; i < 2; i++)
        l_49[i] = (-3L);
    for (i = 0; i < 2; i++)
    {
        for (j = 0; j < 2; j++)
            l_50[i][j] = &g_51;
    }
    for (i = 0; i < 2; i++)
        l_120[i] = 0x7FBA1F43L;
    if (((safe_rshift_func_uint16_t_u_s(p_4, (p_3 & (((l_53 ^= (l_52 = (g_39 ^ (((((g_25 < l_49[0]) & g_6) & p_4) , 9L) >= 0L)))) == 0x71B2A12551AD0487LL) , l_49[0])))) != 4294967287UL))
    { /* block id: 17 */
        int32_t *l_56[1];
        int64_t *l_57[1];
        uint16_t *l_107 = &g_85;
        uint16_t **l_106 = &l_107;
        int32_t l_119 = 0x35591E88L;
        uint32_t l_122 = 3UL;
        int16_t *l_127 = &g_39;
        int32_t l_130[1][2];
        int i, j;
        for (i = 0; i < 1; i++)
            l_56[i] = &g_29[3];
        for (i = 0; i < 1; i++)
            l_57[i] = &g_51;
        for (i = 0; i < 1; i++)
        {
            for (j = 0; j < 2; j++)
                l_130[i][j] = 0x1ECE2327L;
        }
        if ((l_52 = (p_3 || (g_29[1] || (safe_lshift_func_int16_t_s_s(((g_25 == (p_4 = (g_39 , p_5))) & l_49[0]), 6))))))
        { /* block id: 20 */
            int64_t **l_58 = &l_50[1][0];
            int64_t *l_60 = &g_51;
            int64_t **l_59 = &l_60;
            int32_t l_62 = 0L;
            int32_t *l_68[3];
            int32_t l_90 = (-1L);
            volatile int32_t *** volatile *l_96[1][2];
            int i, j;
            for (i = 0; i < 3; i++)
                l_68[i] = &l_62;
            for (i = 0; i < 1; i++)
            {
                for (j = 0; j < 2; j++)
                    l_96[i][j] = &g_92;
            }
            if ((((*l_58) = l_57[0]) != ((*l_59) = (void*)0)))
            { /* block id: 23 */
                uint8_t l_63[3][3] = {{0x8CL,0x8CL,0x8CL},{255UL,255UL,255UL},{0x8CL,0x8CL,0x8CL}};
                uint32_t *l_65 = &g_66;
                int i, j;
lbl_64:
                l_52 |= ((((*l_59) = l_57[0]) == l_61) & (g_25 && l_62));
                l_63[2][2] = (l_62 != (&g_39 != &g_39));
                if (l_52)
                    goto lbl_64;
                l_52 = (((*l_65) = 0UL) > l_63[2][2]);
            }
            else
            { /* block id: 30 */
                int32_t **l_67 = &l_56[0];
                int16_t *l_74 = &g_39;
                uint8_t *l_75 = (void*)0;
                uint8_t *l_76 = &g_77;
                uint16_t *l_82 = (void*)0;
                uint16_t *l_83 = (void*)0;
                uint16_t *l_84 = &g_85;
lbl_91:
                l_68[0] = ((*l_67) = &g_6);
                l_53 = (((*l_76) = (p_4 > (p_3 >= (safe_rshift_func_uint16_t_u_u((+g_29[0]), (((((*l_74) &= (safe_rshift_func_uint8_t_u_u((p_4 , 1UL), 5))) , p_5) , l_49[0]) == p_4)))))) != 0x16L);
                (**l_67) = (0L ^ (safe_mul_func_uint64_t_u_u((safe_sub_func_uint16_t_u_u(((*l_84)--), l_53)), ((((((safe_div_func_uint8_t_u_u(((*l_76) |= ((((*l_74) = (((p_5 & (&g_39 == (void*)0)) == (**l_67)) != l_90)) >= l_52) , 0x73L)), g_66)) < p_4) == p_5) , (void*)0) == &l_61) > 0x81B78F42L))));
                if (l_52)
                    goto lbl_91;
            }
            g_92 = g_92;
            if (l_52)
            { /* block id: 43 */
                int32_t **l_97 = &l_56[0];
                uint16_t *l_100 = &g_85;
                uint16_t **l_99 = &l_100;
                (*l_97) = l_56[0];
                l_99 = l_98;
            }
            else
            { /* block id: 46 */
                int64_t l_101 = 0L;
                uint64_t l_103[4] = {0xBF7BAE7F845CBE74LL,0xBF7BAE7F845CBE74LL,0xBF7BAE7F845CBE74LL,0xBF7BAE7F845CBE74LL};
                int i;
                ++l_103[2];
            }
        }
        else
        { /* block id: 49 */
            uint16_t ***l_110 = &l_98;
            int32_t * const  volatile * volatile *l_113 = (void*)0;
            int32_t * const  volatile *l_115 = &g_112[1];
            int32_t * const  volatile * volatile *l_114 = &l_115;
            int32_t l_116 = (-1L);
            int32_t l_117 = 0xD4209ED7L;
            int32_t l_118 = 5L;
            int32_t l_121 = 0L;
            g_29[2] &= (**g_93);
            (**g_93) ^= (l_106 == ((*l_110) = l_108));
            (*l_114) = g_111;
            l_122++;
        }
        (**g_93) |= (l_53 = ((safe_add_func_int16_t_s_s(((*l_127) = g_39), ((safe_rshift_func_int16_t_s_u(g_77, l_130[0][1])) < (safe_add_func_uint16_t_u_u((safe_div_func_uint8_t_u_u((safe_mod_func_uint8_t_u_u(g_137, 1UL)), p_4)), 1L))))) || g_51));
        if ((l_53 = p_3))
        { /* block id: 60 */
            const int64_t l_143 = 1L;
            for (l_122 = (-13); (l_122 <= 58); ++l_122)
            { /* block id: 63 */
                (**g_93) = ((g_66 & ((g_140 != &g_141) == (((p_3 | g_102[1][1]) > (*g_141)) <= 0x79L))) >= l_143);
                (**g_93) = p_5;
            }
        }
        else
        { /* block id: 67 */
            (**g_93) = (0x0796L == (0x03L < 0xC2L));
        }
        for (l_122 = 0; (l_122 <= 3); l_122 += 1)
        { /* block id: 72 */
            return p_5;
        }
    }
    else
    { /* block id: 75 */
        uint32_t * const l_176 = &g_66;
        int32_t l_178 = 0xBC30D897L;
        const int64_t **l_186 = &l_61;
        int32_t l_202 = 0xAB018868L;
        int32_t l_204 = (-2L);
        int32_t l_209 = (-1L);
        uint32_t l_210 = 18446744073709551615UL;
        uint16_t ***l_229 = &l_98;
        int32_t l_242 = 0L;
        int32_t l_243 = 0xEB63D197L;
        int32_t l_244 = 1L;
        int32_t l_245 = 0x32F4612BL;
        int32_t l_246[1];
        int32_t ****l_297 = (void*)0;
        int i;
        for (i = 0; i < 1; i++)
            l_246[i] = 0xDB1993FBL;
lbl_298:
        if ((0x7DB775658741FB0BLL & (safe_mul_func_uint8_t_u_u((safe_unary_minus_func_uint16_t_u((**g_140))), p_3))))
        { /* block id: 76 */
            uint16_t l_177 = 4UL;
            int32_t l_203 = 0L;
            int32_t l_205 = 0L;
            int32_t l_206 = (-1L);
            int32_t l_208 = (-1L);
            (**g_93) = (0UL && (p_4 != (((safe_rshift_func_int16_t_s_u(g_102[2][1], 14)) , (safe_sub_func_uint64_t_u_u((safe_div_func_uint32_t_u_u((safe_lshift_func_int16_t_s_s(g_142[3], 6)), 8L)), p_3))) < 65531UL)));
            for (l_53 = 1; (l_53 >= 0); l_53 -= 1)
            { /* block id: 80 */
                uint32_t * const l_171 = (void*)0;
                uint8_t *l_179 = &g_180;
                const int64_t ***l_187 = (void*)0;
                const int64_t ***l_188[4][2] = {{&l_186,&l_186},{(void*)0,&l_186},{&l_186,(void*)0},{&l_186,&l_186}};
                int i, j;
                l_120[l_53] = ((safe_mul_func_uint16_t_u_u((safe_mod_func_int8_t_s_s(((safe_mod_func_uint16_t_u_u((safe_rshift_func_uint8_t_u_u((safe_sub_func_uint32_t_u_u(g_77, (((safe_lshift_func_uint8_t_u_s(((*l_179) ^= (((safe_mod_func_uint64_t_u_u((safe_add_func_int64_t_s_s((((l_171 == ((safe_lshift_func_uint8_t_u_s((safe_lshift_func_uint16_t_u_u(0UL, 14)), (g_29[2] , p_5))) , l_176)) , l_177) <= l_177), p_3)), l_52)) == l_178) < p_4)), 3)) , l_53) || p_5))), p_4)), p_4)) & l_177), 0x1FL)), 0x768AL)) , p_5);
                (**g_93) = (((~(safe_mul_func_int8_t_s_s((((-1L) && ((l_186 = l_186) != &l_50[1][0])) < 0x88L), 1L))) || g_25) >= g_25);
            }
            (**g_93) = (l_177 < (safe_add_func_uint32_t_u_u((safe_add_func_uint32_t_u_u(((l_52 && ((safe_mod_func_int8_t_s_s((safe_add_func_uint16_t_u_u(0UL, (((0x0673AD30L != 0xA3757E1CL) || 0x344D1492C190A5E1LL) , 65535UL))), p_4)) & p_3)) , 0x099D88FCL), g_180)), (-1L))));
            for (l_178 = 0; (l_178 == (-28)); l_178--)
            { /* block id: 89 */
                int32_t *l_199 = &g_29[2];
                int32_t *l_200 = &l_53;
                int32_t *l_201[4][4] = {{&l_178,&l_178,&l_178,&l_178},{&l_178,&l_178,&l_178,&l_178},{&l_178,&l_178,&l_178,&l_178},{&l_178,&l_178,&l_178,&l_178}};
                int64_t l_207 = 0x3CD4DB03F721CDB4LL;
                uint64_t *l_223 = &g_224;
                int i, j;
                ++l_210;
                if (l_206)
                    break;
                g_6 &= (safe_sub_func_int8_t_s_s(((safe_div_func_uint32_t_u_u((((safe_mul_func_uint16_t_u_u((~(safe_mul_func_int8_t_s_s(0x58L, (((((p_4 < (((+p_3) < ((*l_223) &= (18446744073709551611UL < (-1L)))) , 0UL)) == g_95) , (void*)0) != (void*)0) ^ p_3)))), 65534UL)) >= 0x43L) < 18446744073709551610UL), l_120[1])) <= l_52), p_3));
                (*l_199) ^= (g_51 <= (**g_140));
            }
        }
        else
        { /* block id: 96 */
            uint16_t ****l_230 = &l_229;
            const int32_t l_233 = 0x126E95B7L;
            int32_t *l_235 = &l_202;
            int32_t **l_234 = &l_235;
            (**g_93) &= (0x0CE8AD497385A9E9LL >= g_25);
            (*l_234) = ((safe_add_func_uint16_t_u_u((safe_mul_func_int16_t_s_s(((&g_140 != ((*l_230) = l_229)) < (safe_div_func_int16_t_s_s(l_233, (0x11L | 0xC8L)))), p_4)), p_5)) , &l_204);
            (*l_234) = &l_209;
        }
        l_236 = &l_202;
        for (g_39 = 5; (g_39 >= (-30)); --g_39)
        { /* block id: 105 */
            int32_t *l_239 = (void*)0;
            int32_t *l_240 = &g_102[2][1];
            int32_t *l_241[1];
            int32_t l_255 = 0L;
            int i;
            for (i = 0; i < 1; i++)
                l_241[i] = (void*)0;
            l_247--;
            for (g_51 = 0; (g_51 <= 3); g_51 += 1)
            { /* block id: 109 */
                uint32_t l_250 = 4294967294UL;
                int32_t l_251 = 0x42F41EC3L;
                int32_t l_252 = 0x34E90412L;
                int32_t l_253 = (-1L);
                int32_t l_254[4];
                int i;
                for (i = 0; i < 4; i++)
                    l_254[i] = 1L;
                if (l_250)
                    break;
                g_256--;
                return (***g_92);
            }
        }
        for (g_51 = 0; (g_51 > (-30)); --g_51)
        { /* block id: 117 */
            uint32_t l_265 = 0xE316D0FEL;
            int32_t l_283 = 0L;
            (*g_93) = (*g_93);
            l_236 = (void*)0;
            for (g_224 = 8; (g_224 < 33); g_224++)
            { /* block id: 122 */
                int16_t *l_272[2][1];
                int32_t l_273[1];
                int32_t *l_274 = &l_246[0];
                int32_t *l_282[2][4];
                uint64_t *l_287 = &g_256;
                int i, j;
                for (i = 0; i < 2; i++)
                {
                    for (j = 0; j < 1; j++)
                        l_272[i][j] = &g_39;
                }
                for (i = 0; i < 1; i++)
                    l_273[i] = 0x41A30BC3L;
                for (i = 0; i < 2; i++)
                {
                    for (j = 0; j < 4; j++)
                        l_282[i][j] = &l_120[1];
                }
                (*g_93) = (*g_93);
                (*l_274) ^= ((safe_mul_func_uint8_t_u_u(l_265, ((safe_mul_func_int8_t_s_s((safe_mul_func_uint16_t_u_u((safe_lshift_func_uint16_t_u_s(((void*)0 == &g_141), (l_273[0] = ((p_3 , l_265) && l_244)))), (*g_141))), 0xDDL)) >= g_102[0][1]))) & 0UL);
                l_283 |= ((*l_274) = (safe_lshift_func_uint16_t_u_s(((!0xD27EL) != (safe_unary_minus_func_uint32_t_u((safe_sub_func_uint32_t_u_u(((((1UL || p_5) , (!0xD8733CB2L)) >= (*g_141)) , p_4), g_29[2]))))), 0)));
                (**g_93) = (((((safe_unary_minus_func_uint64_t_u((((l_296 = ((safe_mul_func_int8_t_s_s((p_5 && p_4), (((((*l_287)++) ^ ((!1L) , 1L)) < l_283) > g_291))) , g_292)) == l_297) || l_265))) , (**g_111)) , 255UL) , g_6) & p_5);
            }
            if (p_4)
                goto lbl_298;
        }
    }
    return (***g_92);
}


/* ------------------------------------------ */
/* 
 * reads : g_25
 * writes: g_29 g_25
 */
static int32_t  func_7(int32_t  p_8, int32_t  p_9, uint16_t  p_10)
{ /* block id: 3 */
    int32_t *l_26 = &g_25;
    int32_t *l_28 = &g_29[2];
    (*l_28) = (&g_25 == l_26);
    for (g_25 = 0; (g_25 != 15); g_25 = safe_add_func_int64_t_s_s(g_25, 3))
    { /* block id: 7 */
        int16_t *l_38[4][1] = {{&g_39},{&g_39},{&g_39},{&g_39}};
        int32_t l_42 = (-4L);
        int32_t **l_44 = &l_28;
        int i, j;
    }
    return p_9;
}




/* ---------------------------------------- */
int main (int argc, char* argv[])
{
    int i, j;
    int print_hash_value = 0;
    if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;
    platform_main_begin();
    crc32_gentab();
    func_1();
    transparent_crc(g_6, "g_6", print_hash_value);
    transparent_crc(g_25, "g_25", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_29[i], "g_29[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_39, "g_39", print_hash_value);
    transparent_crc(g_51, "g_51", print_hash_value);
    transparent_crc(g_66, "g_66", print_hash_value);
    transparent_crc(g_77, "g_77", print_hash_value);
    transparent_crc(g_85, "g_85", print_hash_value);
    transparent_crc(g_95, "g_95", print_hash_value);
    for (i = 0; i < 3; i++)
    {
        for (j = 0; j < 4; j++)
        {
            transparent_crc(g_102[i][j], "g_102[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_137, "g_137", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_142[i], "g_142[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_180, "g_180", print_hash_value);
    transparent_crc(g_224, "g_224", print_hash_value);
    transparent_crc(g_256, "g_256", print_hash_value);
    transparent_crc(g_291, "g_291", print_hash_value);
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 3; j++)
        {
            transparent_crc(g_386[i][j], "g_386[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 0
breakdown:
   depth: 0, occurrence: 92
XXX total union variables: 0

XXX non-zero bitfields defined in structs: 0
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 0
XXX structs with bitfields in the program: 0
breakdown:
XXX full-bitfields structs in the program: 0
breakdown:
XXX times a bitfields struct's address is taken: 0
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 0
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 0

XXX max expression depth: 23
breakdown:
   depth: 1, occurrence: 67
   depth: 2, occurrence: 14
   depth: 3, occurrence: 5
   depth: 4, occurrence: 1
   depth: 5, occurrence: 1
   depth: 8, occurrence: 2
   depth: 9, occurrence: 4
   depth: 10, occurrence: 1
   depth: 11, occurrence: 1
   depth: 12, occurrence: 2
   depth: 14, occurrence: 1
   depth: 16, occurrence: 1
   depth: 17, occurrence: 1
   depth: 19, occurrence: 1
   depth: 22, occurrence: 1
   depth: 23, occurrence: 1

XXX total number of pointers: 88

XXX times a variable address is taken: 93
XXX times a pointer is dereferenced on RHS: 19
breakdown:
   depth: 1, occurrence: 7
   depth: 2, occurrence: 8
   depth: 3, occurrence: 2
   depth: 4, occurrence: 2
XXX times a pointer is dereferenced on LHS: 54
breakdown:
   depth: 1, occurrence: 39
   depth: 2, occurrence: 12
   depth: 3, occurrence: 2
   depth: 4, occurrence: 1
XXX times a pointer is compared with null: 6
XXX times a pointer is compared with address of another variable: 3
XXX times a pointer is compared with another pointer: 2
XXX times a pointer is qualified to be dereferenced: 1064

XXX max dereference level: 4
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 76
   level: 2, occurrence: 34
   level: 3, occurrence: 10
   level: 4, occurrence: 12
XXX number of pointers point to pointers: 35
XXX number of pointers point to scalars: 53
XXX number of pointers point to structs: 0
XXX percent of pointers has null in alias set: 25
XXX average alias set size: 1.22

XXX times a non-volatile is read: 234
XXX times a non-volatile is write: 161
XXX times a volatile is read: 28
XXX    times read thru a pointer: 15
XXX times a volatile is write: 12
XXX    times written thru a pointer: 11
XXX times a volatile is available for access: 132
XXX percentage of non-volatile access: 90.8

XXX forward jumps: 0
XXX backward jumps: 4

XXX stmts: 65
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 7
   depth: 1, occurrence: 9
   depth: 2, occurrence: 23
   depth: 3, occurrence: 26

XXX percentage a fresh-made variable is used: 18.5
XXX percentage an existing variable is used: 81.5
********************* end of statistics **********************/

