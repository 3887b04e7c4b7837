"""Acronyms of the software trade and what they stand for, in English and Russian: data only.

Format of `ACRONYMS`: `acronym [other spellings] | expansion; expansion …`, one line per meaning
(or several, when its expansions are many). An expansion is a phrase of two or more words,
written in any inflection (words are stemmed when the table loads); English and Russian
expansions share the line. Written from general knowledge of
how teams abbreviate, not from any bank: a bank's own `Large Language Model (LLM)` lines are read
from its pages (`mined.acronyms`).
"""

ACRONYMS = """
# process and delivery
ci | continuous integration; непрерывная интеграция
cd | continuous delivery; continuous deployment; непрерывная доставка; непрерывное развертывание
pr | pull request; пулл реквест; пул реквест
mr | merge request; мерж реквест
adr | architecture decision record; architectural decision record; architecture decision
adr | архитектурное решение
prd | product requirements document; product requirement document; product requirements
prd | продуктовые требования
rfc | request for comments
mvp | minimum viable product; минимально жизнеспособный продукт
poc | proof of concept
dod | definition of done; критерии готовности
dor | definition of ready
wip | work in progress
qa | quality assurance; контроль качества; обеспечение качества
tdd | test driven development; разработка через тестирование
bdd | behaviour driven development; behavior driven development
e2e | end to end; сквозной тест; сквозное тестирование
ac | acceptance criteria; acceptance criterion; критерии приемки
uc | use case; сценарий использования
kpi | key performance indicator; ключевой показатель эффективности
okr | objectives and key results
roi | return on investment
sla | service level agreement; соглашение об уровне обслуживания; соглашение об уровне сервиса
slo | service level objective; целевой уровень обслуживания
sli | service level indicator
rca | root cause analysis; анализ первопричин; анализ корневых причин
faq | frequently asked questions; frequently asked question; часто задаваемые вопросы; частые вопросы
tbd | to be decided; to be determined
eta | estimated time of arrival
nfr | non functional requirement; nonfunctional requirement; нефункциональные требования
ssot | single source of truth; единый источник истины; единый источник правды
dry | don't repeat yourself
# interfaces and architecture
api | application programming interface; программный интерфейс
cli | command line interface; command line tool; command line; интерфейс командной строки; командная строка
ui | user interface; пользовательский интерфейс
ux | user experience; пользовательский опыт
gui | graphical user interface; графический интерфейс
sdk | software development kit
ide | integrated development environment; среда разработки
dto | data transfer object
orm | object relational mapping; object relational mapper
crud | create read update delete
spa | single page application; одностраничное приложение
ssr | server side rendering; серверный рендеринг
pwa | progressive web app; progressive web application
cms | content management system; система управления контентом
crm | customer relationship management; управление отношениями с клиентами
erp | enterprise resource planning
saas | software as a service
iac | infrastructure as code; инфраструктура как код
mcp | model context protocol
ddd | domain driven design; предметно ориентированное проектирование
cqrs | command query responsibility segregation
soa | service oriented architecture
ipc | inter process communication; interprocess communication; межпроцессное взаимодействие
rpc | remote procedure call; удаленный вызов процедур
# data and machine learning
db бд | database; база данных
dbms субд | database management system; система управления базами данных
sql | structured query language
etl | extract transform load
llm | large language model; language model; большая языковая модель; языковая модель
ai ии | artificial intelligence; искусственный интеллект
ml | machine learning; машинное обучение
nlp | natural language processing; обработка естественного языка
rag | retrieval augmented generation
ocr | optical character recognition; распознавание текста
pii | personally identifiable information; personal data; персональные данные
# infrastructure and security
os ос | operating system; операционная система
vm | virtual machine; виртуальная машина
vps | virtual private server; виртуальный сервер
dns | domain name system
cdn | content delivery network; сеть доставки контента
vpn | virtual private network
ttl | time to live; время жизни
rps | requests per second; запросов в секунду
qps | queries per second
jwt | json web token
sso | single sign on; единый вход
otp | one time password; one time code; одноразовый пароль; одноразовый код
mfa | multi factor authentication; многофакторная аутентификация
2fa | two factor authentication; двухфакторная аутентификация
rbac | role based access control; ролевое управление доступом
acl | access control list; список управления доступом
oom | out of memory; нехватка памяти
gc | garbage collection; garbage collector; сборка мусора; сборщик мусора
sre | site reliability engineering; site reliability engineer
# business
b2b | business to business
b2c | business to consumer
vat ндс | value added tax; налог на добавленную стоимость
fx | foreign exchange; обмен валют
тз | technical specification; техническое задание
лк | personal account; личный кабинет
"""
