model   messy ;
param a=1;param b   =2 global g=a+b*(a-b)
activity   main{action A cost a+b{g=1 ;a=2};call  sub if a<b{loop 3{action L}}else{action E}
send s to 0 size 8 send t to 1 size 8;recv r from any;}
cost f ( x , y ) = x/y
local l=1
activity sub{}
