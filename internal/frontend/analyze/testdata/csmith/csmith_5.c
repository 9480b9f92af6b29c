/*
 * This is a RANDOMLY GENERATED PROGRAM.
 *
 * Generator: csmith 2.3.0
 * Git version: 30dccd7
 * Options:   --seed 5 --max-funcs 3 --max-block-depth 3 --max-expr-complexity 5 --max-array-dim 2 --max-array-len-per-dim 4 --max-struct-fields 4 -o csmith_5.c
 * Seed:      5
 */

#include "csmith.h"


static long __undefined;

/* --- Struct/Union Declarations --- */
struct S0 {
   int8_t  f0;
   uint8_t  f1;
   signed f2 : 8;
   uint32_t  f3;
};

#pragma pack(push)
#pragma pack(1)
struct S2 {
   volatile unsigned f0 : 27;
   unsigned f1 : 10;
};
#pragma pack(pop)

/* --- GLOBAL VARIABLES --- */
static int32_t g_3 = 0L;
static volatile uint8_t g_19 = 0x14L;/* VOLATILE GLOBAL g_19 */
static int32_t g_21[3][3] = {{0xC0FAAB39L,0xC0FAAB39L,0xC0FAAB39L},{0xC0FAAB39L,0xC0FAAB39L,0xC0FAAB39L},{0xC0FAAB39L,0xC0FAAB39L,0xC0FAAB39L}};
static struct S0 g_25 = {0L,0UL,14,0x5C59C3F9L};
static struct S0 * volatile g_26 = &g_25;/* VOLATILE GLOBAL g_26 */
static struct S2 g_30 = {5715,12};/* VOLATILE GLOBAL g_30 */
static int16_t g_36 = 0L;
static int64_t g_38[4] = {0L,0L,0L,0L};
static struct S0 * volatile g_48[2] = {&g_25,&g_25};
static struct S0 * const  volatile g_49 = &g_25;/* VOLATILE GLOBAL g_49 */
static const struct S2 g_75 = {3221,21};/* VOLATILE GLOBAL g_75 */
static struct S2 * volatile g_76 = &g_30;/* VOLATILE GLOBAL g_76 */


/* --- FORWARD DECLARATIONS --- */
static struct S0  func_1(void);
static int8_t  func_6(uint8_t  p_7, int32_t * p_8, int64_t  p_9, int32_t * p_10);
static int32_t * func_12(int64_t  p_13, int32_t  p_14, int32_t * p_15, uint8_t  p_16, int32_t * p_17);


/* --- FUNCTIONS --- */
/* ------------------------------------------ */
/* 
 * reads : g_3 g_19 g_21 g_25 g_26 g_30 g_38 g_49 g_75 g_76
 * writes: g_3 g_21 g_25 g_36 g_38 g_30
 */
static struct S0  func_1(void)
{ /* block id: 0 */
    int8_t l_2[3];
    int32_t *l_11 = &g_3;
    int32_t l_96 = 0x1D1B06CCL;
    int32_t l_97[1][3];
    uint8_t l_98 = 0x6AL;
    int i, j;
    for (i = 0; i < 3; i++)
        l_2[i] = 0L;
    for (i = 0; i < 1; i++)
    {
        for (j = 0; j < 3; j++)
            l_97[i][j] = 0x3E278FAAL;
    }
    for (g_3 = 2; (g_3 >= 0); g_3 -= 1)
    { /* block id: 3 */
        int32_t *l_18 = &g_3;
        int32_t **l_91 = &l_18;
        int32_t *l_92 = &g_21[0][2];
        int32_t *l_93 = &g_21[2][2];
        int32_t *l_94[3];
        int64_t l_95[2];
        int i;
        for (i = 0; i < 3; i++)
            l_94[i] = &g_21[1][1];
        for (i = 0; i < 2; i++)
            l_95[i] = 0L;
        l_92 = ((*l_91) = ((safe_div_func_uint16_t_u_u((func_6(l_2[g_3], l_11, g_3, func_12(g_3, l_2[g_3], &g_3, g_3, l_18)) , 8UL), g_3)) , (void*)0));
        if ((*l_11))
            continue;
        l_98++;
    }
    return (*g_49);
}


/* ------------------------------------------ */
/* 
 * reads : g_19 g_3 g_21 g_25 g_26 g_30 g_38 g_49 g_75 g_76
 * writes: g_21 g_25 g_36 g_38 g_30
 */
static int8_t  func_6(uint8_t  p_7, int32_t * p_8, int64_t  p_9, int32_t * p_10)
{ /* block id: 6 */
    int32_t *l_20 = &g_21[1][1];
    struct S0 l_46 = {0L,0UL,-15,0x7DFAE38EL};
    int32_t l_66 = 0xB01B519BL;
    int32_t l_69 = 1L;
    int32_t l_70 = 0L;
    int32_t l_71 = (-6L);
    int64_t *l_82 = &g_38[0];
    (*l_20) = (g_19 || 0x112DEF906D8BC0D1LL);
    for (p_7 = 0; (p_7 <= 2); p_7 += 1)
    { /* block id: 10 */
        int32_t *l_27 = &g_21[2][1];
        uint32_t l_34 = 4294967295UL;
        int32_t l_60 = 0x48F7C4FBL;
        int32_t l_61 = 0xF1997376L;
        int32_t l_62 = 0x1D2D5FA5L;
        int64_t l_63[1][1];
        int32_t l_67 = 7L;
        int32_t l_68[3][1];
        uint32_t l_72 = 18446744073709551615UL;
        int i, j;
        for (i = 0; i < 1; i++)
        {
            for (j = 0; j < 1; j++)
                l_63[i][j] = (-2L);
        }
        for (i = 0; i < 3; i++)
        {
            for (j = 0; j < 1; j++)
                l_68[i][j] = 0xD01B1C7CL;
        }
        if (g_3)
            break;
        for (p_9 = 0; (p_9 <= 2); p_9 += 1)
        { /* block id: 14 */
            int16_t *l_35 = &g_36;
            int64_t *l_37 = &g_38[3];
            int32_t l_64 = 0xF7A6BAE6L;
            int32_t l_65[4] = {0x95558710L,0x95558710L,0x95558710L,0x95558710L};
            int i, j;
            (*l_20) = ((g_21[p_7][p_9] == ((+(0xBEFA025EL || (safe_add_func_int16_t_s_s(((l_20 != (void*)0) | (-1L)), p_7)))) > 0x8BEEL)) == 1UL);
            if (g_21[1][1])
            { /* block id: 16 */
                (*g_26) = g_25;
            }
            else
            { /* block id: 18 */
                int8_t *l_31 = &g_25.f0;
                p_8 = func_12(p_7, g_21[p_7][p_9], l_27, (safe_div_func_int8_t_s_s(((*l_31) = (g_30 , p_7)), (*l_20))), l_27);
            }
            (*l_20) ^= (safe_lshift_func_uint16_t_u_u((((&g_3 != p_8) >= ((*l_37) |= ((((*l_35) = (((l_34 , 0xDCL) & p_9) >= 6UL)) , g_30.f0) < (-1L)))) , g_30.f1), p_7));
            for (l_34 = 0; (l_34 <= 60); l_34 = safe_add_func_int8_t_s_s(l_34, 1))
            { /* block id: 27 */
                uint16_t l_45 = 7UL;
                struct S0 *l_47 = (void*)0;
                int32_t *l_50 = &g_21[1][1];
                int32_t *l_51 = &g_21[2][1];
                int32_t *l_52 = &g_21[1][1];
                int32_t *l_53 = &g_21[p_7][p_9];
                int32_t *l_54 = &g_21[p_7][p_9];
                int32_t *l_55 = &g_21[1][1];
                int32_t *l_56 = &g_21[1][1];
                int32_t *l_57 = (void*)0;
                int32_t *l_58 = &g_21[1][1];
                int32_t *l_59[3][3] = {{&g_3,&g_21[1][1],&g_3},{(void*)0,(void*)0,(void*)0},{&g_3,&g_21[1][1],&g_3}};
                int i, j;
                (*l_27) = (safe_mod_func_int16_t_s_s((safe_mul_func_int8_t_s_s((0x8BF2L > 0xA276L), p_9)), ((g_21[p_7][p_9] == (*p_10)) & l_45)));
                (*g_49) = l_46;
                l_72--;
                (*g_76) = g_75;
            }
        }
    }
    for (l_71 = (-10); (l_71 != 24); l_71 = safe_add_func_int16_t_s_s(l_71, 1))
    { /* block id: 37 */
        int16_t l_79[2];
        const int64_t *l_83 = &g_38[1];
        int32_t **l_90 = &l_20;
        int i;
        for (i = 0; i < 2; i++)
            l_79[i] = (-1L);
    }
    return g_25.f3;
}


/* ------------------------------------------ */
/* 
 * reads :
 * writes:
 */
static int32_t * func_12(int64_t  p_13, int32_t  p_14, int32_t * p_15, uint8_t  p_16, int32_t * p_17)
{ /* block id: 4 */
    return &g_3;
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
    transparent_crc(g_3, "g_3", print_hash_value);
    transparent_crc(g_19, "g_19", print_hash_value);
    for (i = 0; i < 3; i++)
    {
        for (j = 0; j < 3; j++)
        {
            transparent_crc(g_21[i][j], "g_21[i][j]", print_hash_value);
            if (print_hash_value) printf("index = [%d][%d]\n", i, j);

        }
    }
    transparent_crc(g_25.f0, "g_25.f0", print_hash_value);
    transparent_crc(g_25.f1, "g_25.f1", print_hash_value);
    transparent_crc(g_25.f2, "g_25.f2", print_hash_value);
    transparent_crc(g_25.f3, "g_25.f3", print_hash_value);
    transparent_crc(g_30.f0, "g_30.f0", print_hash_value);
    transparent_crc(g_30.f1, "g_30.f1", print_hash_value);
    transparent_crc(g_36, "g_36", print_hash_value);
    for (i = 0; i < 4; i++)
    {
        transparent_crc(g_38[i], "g_38[i]", print_hash_value);
        if (print_hash_value) printf("index = [%d]\n", i);

    }
    transparent_crc(g_75.f0, "g_75.f0", print_hash_value);
    transparent_crc(g_75.f1, "g_75.f1", print_hash_value);
    platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
    return 0;
}

/************************ statistics *************************
XXX max struct depth: 1
breakdown:
   depth: 0, occurrence: 27
   depth: 1, occurrence: 4
XXX total union variables: 0

XXX non-zero bitfields defined in structs: 3
XXX zero bitfields defined in structs: 0
XXX const bitfields defined in structs: 0
XXX volatile bitfields defined in structs: 1
XXX structs with bitfields in the program: 4
breakdown:
   indirect level: 0, occurrence: 4
XXX full-bitfields structs in the program: 2
breakdown:
   indirect level: 0, occurrence: 2
XXX times a bitfields struct's address is taken: 4
XXX times a bitfields struct on LHS: 0
XXX times a bitfields struct on RHS: 4
XXX times a single bitfield on LHS: 0
XXX times a single bitfield on RHS: 2

XXX max expression depth: 14
breakdown:
   depth: 1, occurrence: 22
   depth: 2, occurrence: 6
   depth: 6, occurrence: 1
   depth: 8, occurrence: 1
   depth: 9, occurrence: 1
   depth: 12, occurrence: 1
   depth: 14, occurrence: 1

XXX total number of pointers: 32

XXX times a variable address is taken: 33
XXX times a pointer is dereferenced on RHS: 8
breakdown:
   depth: 1, occurrence: 8
XXX times a pointer is dereferenced on LHS: 13
breakdown:
   depth: 1, occurrence: 13
XXX times a pointer is compared with null: 1
XXX times a pointer is compared with address of another variable: 2
XXX times a pointer is compared with another pointer: 1
XXX times a pointer is qualified to be dereferenced: 353

XXX max dereference level: 1
breakdown:
   level: 0, occurrence: 0
   level: 1, occurrence: 36
XXX number of pointers point to pointers: 2
XXX number of pointers point to scalars: 25
XXX number of pointers point to structs: 5
XXX percent of pointers has null in alias set: 18.8
XXX average alias set size: 1.09

XXX times a non-volatile is read: 61
XXX times a non-volatile is write: 34
XXX times a volatile is read: 3
XXX    times read thru a pointer: 0
XXX times a volatile is write: 3
XXX    times written thru a pointer: 0
XXX times a volatile is available for access: 324
XXX percentage of non-volatile access: 94.1

XXX forward jumps: 0
XXX backward jumps: 0

XXX stmts: 22
XXX max block depth: 3
breakdown:
   depth: 0, occurrence: 7
   depth: 1, occurrence: 5
   depth: 2, occurrence: 4
   depth: 3, occurrence: 6

XXX percentage a fresh-made variable is used: 25
XXX percentage an existing variable is used: 75
FYI: the random generator makes assumptions about the integer size. See platform.info for more details.
********************* end of statistics **********************/

