import { defaultLocale, isLocale, type Locale } from '@sigil/lib/i18n/locales'
import { embeddedServer } from './embeddedServer'

/** The embedded wallet's mails, one set per locale (English is embeddedServer.mail). */
export type MailText = { readonly [K in keyof typeof embeddedServer.mail]: string }

/**
 * The security mails in every language of the app: the owner reads them at the moment a code, a
 * recovery or a new device needs their judgement, so they come in the language the wallet was made
 * in (`sigil_embedded_wallets.locale`), else the language of the vault that asked. Each sentence
 * says what the English one says and stays true of what the server does; {placeholders} are kept (a
 * unit test checks keys and placeholders against English). Times are UTC, written `YYYY-MM-DD HH:MM`.
 */
export const MAIL_TEXT: Readonly<Record<Locale, MailText>> = {
  en: embeddedServer.mail,
  de: {
    verifySubject: 'Ihr Sigil-Bestätigungscode',
    verifyText:
      'Ihr Code, um diese E-Mail-Adresse für eine neue Sigil-Wallet zu bestätigen, lautet {code}.\n\n' +
      'Er gilt einmal, {minutes} Minuten lang, und nur in dem Browser, der ihn angefordert hat.\n\n' +
      'Geben Sie diesen Code niemals weiter. Sigil fragt Sie nie danach, weder am Telefon noch im Chat oder per E-Mail: Wer danach fragt, will Ihre E-Mail-Adresse für eine Wallet nutzen, die er kontrolliert.\n\n' +
      'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail. Ohne diesen Code wird keine Wallet mit Ihrer E-Mail-Adresse erstellt.',
    recoverySubject: 'Ihr Sigil-Wiederherstellungscode',
    recoveryText:
      'Ihr Code zur Wiederherstellung Ihrer Sigil-Wallet lautet {code}.\n\n' +
      'Er gilt einmal, {minutes} Minuten lang, und nur in dem Browser, der ihn angefordert hat.\n\n' +
      'Geben Sie diesen Code niemals weiter. Sigil fragt Sie nie danach, weder am Telefon noch im Chat oder per E-Mail: Wer danach fragt, will Ihre Wallet übernehmen.\n\n' +
      'Wenn Sie keine Wiederherstellung angefordert haben, ignorieren Sie diese E-Mail und geben Sie den Code nirgends ein.',
    noticeSubject: 'Sigil: Eine Wiederherstellung Ihrer Wallet {address} hat begonnen',
    noticeText:
      'Um {time} (UTC) hat ein Browser, der den an diese Adresse gesendeten Code eingegeben hat, begonnen, Ihre Sigil-Wallet {address} wiederherzustellen ({from}).\n\n' +
      'Zu Ihrer Sicherheit wird der Schlüssel der Wallet diesem Browser erst um {releaseTime} (UTC) übergeben, nicht früher.\n\n' +
      'Wenn Sie das waren, ist nichts zu tun: Kehren Sie nach diesem Zeitpunkt zu jenem Browser zurück, um abzuschließen.\n\n' +
      'Wenn Sie es nicht waren, liest jemand Ihre E-Mails. Brechen Sie die Wiederherstellung vor {releaseTime} ab: {link}\n' +
      'Oder öffnen Sie Ihre Wallet auf einem Gerät, das sie hält: Es zeigt die Wiederherstellung, und eine Berührung des Passkeys bricht sie ab.\n' +
      'Sichern Sie danach Ihr E-Mail-Konto. Der Abbruch-Link gilt einmal, bis {expiry} (UTC).\n\n' +
      'Sigil fragt Sie nie nach einem Code oder nach diesem Link.',
    ceilingSubject: 'Sigil: Für Ihre E-Mail-Adresse wurden viele Codes angefordert',
    ceilingText:
      'In der letzten Stunde haben Browser mehr als {count} Sigil-Codes für diese Adresse angefordert. Wenn Sie das nicht waren, versucht vielleicht jemand, in Ihre Wallet zu gelangen oder Sie auszusperren: Ignorieren Sie diese Codes und geben Sie keinen davon weiter.\n\n' +
      'Ein Browser, in dem Sie in den letzten 30 Tagen einen Code für diese Adresse verwendet haben, erhält weiterhin Codes; jeder andere Browser erhält wieder welche ab {time} (UTC).\n\n' +
      'Sigil fragt Sie nie nach einem Code.',
    deviceAddedSubject: 'Sigil: Ihrer Wallet {address} wurde ein Gerät hinzugefügt',
    deviceAddedText:
      'Um {time} (UTC) wurde Ihrer Sigil-Wallet {address} ein neues Gerät hinzugefügt: Ein Gerät, das die Wallet bereits hielt, zeigte einen Code, ' +
      'das neue Gerät gab ihn ein, und das erste Gerät bestätigte es mit seinem Passkey. Das neue Gerät hat einen eigenen Passkey und kann mit der Wallet signieren.\n\n' +
      'Wenn Sie das waren, ist nichts zu tun.\n\n' +
      'Wenn Sie es nicht waren, hat jemand mit Zugriff auf eines Ihrer Geräte ein weiteres hinzugefügt: Verschieben Sie Ihr Guthaben jetzt in eine neue Wallet.\n\n' +
      'Sigil fragt Sie nie nach einem Code.',
    browserOn: '{browser} auf {system}',
    browserOnly: 'ein Browser auf {system}',
    browserUnknown: 'ein unbekannter Browser',
  },
  es: {
    verifySubject: 'Tu código de verificación de Sigil',
    verifyText:
      'Tu código para confirmar este correo para una nueva billetera Sigil es {code}.\n\n' +
      'Funciona una vez, durante {minutes} minutos, y solo en el navegador que lo pidió.\n\n' +
      'Nunca compartas este código. Sigil nunca te lo pedirá, ni por teléfono, ni por chat, ni por correo: quien te lo pida intenta usar tu correo para una billetera que él controla.\n\n' +
      'Si no lo pediste, ignora este correo. No se crea ninguna billetera con tu correo sin este código.',
    recoverySubject: 'Tu código de recuperación de Sigil',
    recoveryText:
      'Tu código de recuperación de la billetera Sigil es {code}.\n\n' +
      'Funciona una vez, durante {minutes} minutos, y solo en el navegador que lo pidió.\n\n' +
      'Nunca compartas este código. Sigil nunca te lo pedirá, ni por teléfono, ni por chat, ni por correo: quien te lo pida intenta quedarse con tu billetera.\n\n' +
      'Si no pediste recuperar una billetera, ignora este correo y no introduzcas el código en ningún sitio.',
    noticeSubject: 'Sigil: ha empezado una recuperación de tu billetera {address}',
    noticeText:
      'A las {time} (UTC), un navegador que introdujo el código que enviamos a esta dirección empezó a recuperar tu billetera Sigil {address} ({from}).\n\n' +
      'Por tu seguridad, la clave de la billetera se entrega a ese navegador solo a las {releaseTime} (UTC), no antes.\n\n' +
      'Si fuiste tú, no hay nada que hacer: vuelve a ese navegador después de esa hora para terminar.\n\n' +
      'Si no fuiste tú, alguien lee tu correo. Cancela la recuperación antes de las {releaseTime}: {link}\n' +
      'O abre tu billetera en un dispositivo que la tenga: muestra la recuperación, y un toque de la llave de acceso la cancela.\n' +
      'Después, protege tu cuenta de correo. El enlace de cancelación funciona una vez, hasta las {expiry} (UTC).\n\n' +
      'Sigil nunca te pedirá un código ni este enlace.',
    ceilingSubject: 'Sigil: se pidieron muchos códigos para tu correo',
    ceilingText:
      'En la última hora, varios navegadores pidieron más de {count} códigos de Sigil para esta dirección. Si no fuiste tú, puede que alguien intente entrar en tu billetera o dejarte fuera: ignora esos códigos y no compartas ninguno.\n\n' +
      'Un navegador en el que usaste un código para esta dirección en los últimos 30 días sigue recibiendo códigos; cualquier otro los recibe de nuevo a partir de las {time} (UTC).\n\n' +
      'Sigil nunca te pedirá un código.',
    deviceAddedSubject: 'Sigil: se añadió un dispositivo a tu billetera {address}',
    deviceAddedText:
      'A las {time} (UTC) se añadió un dispositivo nuevo a tu billetera Sigil {address}: un dispositivo que ya tenía la billetera mostró un código, ' +
      'el dispositivo nuevo lo introdujo y el primero lo aprobó con su llave de acceso. El dispositivo nuevo tiene su propia llave de acceso y puede firmar con la billetera.\n\n' +
      'Si fuiste tú, no hay nada que hacer.\n\n' +
      'Si no fuiste tú, alguien con acceso a uno de tus dispositivos añadió otro: mueve tus fondos a una billetera nueva ahora.\n\n' +
      'Sigil nunca te pedirá un código.',
    browserOn: '{browser} en {system}',
    browserOnly: 'un navegador en {system}',
    browserUnknown: 'un navegador desconocido',
  },
  fr: {
    verifySubject: 'Votre code de vérification Sigil',
    verifyText:
      'Votre code pour confirmer cette adresse e-mail pour un nouveau portefeuille Sigil est {code}.\n\n' +
      'Il fonctionne une fois, pendant {minutes} minutes, et uniquement dans le navigateur qui l’a demandé.\n\n' +
      'Ne partagez jamais ce code. Sigil ne vous le demandera jamais, ni par téléphone, ni par chat, ni par e-mail : quiconque vous le demande cherche à utiliser votre e-mail pour un portefeuille qu’il contrôle.\n\n' +
      'Si vous ne l’avez pas demandé, ignorez cet e-mail. Aucun portefeuille n’est créé avec votre e-mail sans ce code.',
    recoverySubject: 'Votre code de récupération Sigil',
    recoveryText:
      'Votre code de récupération du portefeuille Sigil est {code}.\n\n' +
      'Il fonctionne une fois, pendant {minutes} minutes, et uniquement dans le navigateur qui l’a demandé.\n\n' +
      'Ne partagez jamais ce code. Sigil ne vous le demandera jamais, ni par téléphone, ni par chat, ni par e-mail : quiconque vous le demande cherche à prendre votre portefeuille.\n\n' +
      'Si vous n’avez pas demandé à récupérer un portefeuille, ignorez cet e-mail et ne saisissez le code nulle part.',
    noticeSubject: 'Sigil : une récupération de votre portefeuille {address} a commencé',
    noticeText:
      'À {time} (UTC), un navigateur qui a saisi le code envoyé à cette adresse a commencé à récupérer votre portefeuille Sigil {address} ({from}).\n\n' +
      'Pour votre sécurité, la clé du portefeuille n’est remise à ce navigateur qu’à {releaseTime} (UTC), pas avant.\n\n' +
      'Si c’était vous, il n’y a rien à faire : revenez dans ce navigateur après cette heure pour terminer.\n\n' +
      'Si ce n’était pas vous, quelqu’un lit vos e-mails. Annulez la récupération avant {releaseTime} : {link}\n' +
      'Ou ouvrez votre portefeuille sur un appareil qui le détient : il affiche la récupération, et une touche de la clé d’accès l’annule.\n' +
      'Sécurisez ensuite votre compte e-mail. Le lien d’annulation fonctionne une fois, jusqu’à {expiry} (UTC).\n\n' +
      'Sigil ne vous demandera jamais un code ni ce lien.',
    ceilingSubject: 'Sigil : de nombreux codes ont été demandés pour votre e-mail',
    ceilingText:
      'Au cours de la dernière heure, des navigateurs ont demandé plus de {count} codes Sigil pour cette adresse. Si ce n’était pas vous, quelqu’un essaie peut-être d’entrer dans votre portefeuille, ou de vous en empêcher : ignorez ces codes et n’en partagez aucun.\n\n' +
      'Un navigateur où vous avez utilisé un code pour cette adresse au cours des 30 derniers jours reçoit toujours des codes ; tout autre navigateur en reçoit de nouveau à partir de {time} (UTC).\n\n' +
      'Sigil ne vous demandera jamais un code.',
    deviceAddedSubject: 'Sigil : un appareil a été ajouté à votre portefeuille {address}',
    deviceAddedText:
      'À {time} (UTC), un nouvel appareil a été ajouté à votre portefeuille Sigil {address} : un appareil qui détenait déjà le portefeuille a affiché un code, ' +
      'le nouvel appareil l’a saisi, et le premier l’a approuvé avec sa clé d’accès. Le nouvel appareil a sa propre clé d’accès et peut signer avec le portefeuille.\n\n' +
      'Si c’était vous, il n’y a rien à faire.\n\n' +
      'Si ce n’était pas vous, quelqu’un ayant accès à l’un de vos appareils en a ajouté un autre : transférez vos fonds vers un nouveau portefeuille maintenant.\n\n' +
      'Sigil ne vous demandera jamais un code.',
    browserOn: '{browser} sur {system}',
    browserOnly: 'un navigateur sur {system}',
    browserUnknown: 'un navigateur inconnu',
  },
  ja: {
    verifySubject: 'Sigil の確認コード',
    verifyText:
      '新しい Sigil ウォレットのためにこのメールアドレスを確認するコードは {code} です。\n\n' +
      '使えるのは一度だけ、{minutes} 分間、コードを求めたブラウザーでのみです。\n\n' +
      'このコードは誰にも教えないでください。Sigil が電話、チャット、メールでコードを尋ねることはありません。尋ねてくる人は、あなたのメールアドレスを自分が操るウォレットに使おうとしています。\n\n' +
      '心当たりがなければ、このメールは無視してください。このコードなしに、あなたのメールアドレスでウォレットが作られることはありません。',
    recoverySubject: 'Sigil の復元コード',
    recoveryText:
      'Sigil ウォレットの復元コードは {code} です。\n\n' +
      '使えるのは一度だけ、{minutes} 分間、コードを求めたブラウザーでのみです。\n\n' +
      'このコードは誰にも教えないでください。Sigil が電話、チャット、メールでコードを尋ねることはありません。尋ねてくる人は、あなたのウォレットを奪おうとしています。\n\n' +
      'ウォレットの復元を求めていなければ、このメールは無視し、コードをどこにも入力しないでください。',
    noticeSubject: 'Sigil: ウォレット {address} の復元が始まりました',
    noticeText:
      '{time}（UTC）に、このアドレスに送ったコードを入力したブラウザーが、あなたの Sigil ウォレット {address} の復元を始めました（{from}）。\n\n' +
      '安全のため、ウォレットの鍵がそのブラウザーに渡されるのは {releaseTime}（UTC）で、それより前ではありません。\n\n' +
      'あなた自身なら、何もする必要はありません。その時刻を過ぎてから、同じブラウザーに戻って完了してください。\n\n' +
      'あなたでなければ、誰かがあなたのメールを読んでいます。{releaseTime} までに復元を取り消してください: {link}\n' +
      'または、ウォレットを持つデバイスでウォレットを開いてください。復元が表示され、パスキーに一度触れると取り消せます。\n' +
      'そのあと、メールアカウントを守ってください。取り消しリンクは一度だけ、{expiry}（UTC）まで使えます。\n\n' +
      'Sigil がコードやこのリンクを尋ねることはありません。',
    ceilingSubject: 'Sigil: あなたのメールアドレスに多くのコードが求められました',
    ceilingText:
      '過去 1 時間に、複数のブラウザーがこのアドレスの Sigil コードを {count} 件より多く求めました。あなたでなければ、誰かがウォレットに入ろうとしているか、あなたを締め出そうとしているかもしれません。それらのコードは無視し、決して教えないでください。\n\n' +
      '過去 30 日にこのアドレスのコードを使ったブラウザーには、今もコードが届きます。ほかのブラウザーには {time}（UTC）以降にまた届きます。\n\n' +
      'Sigil がコードを尋ねることはありません。',
    deviceAddedSubject: 'Sigil: ウォレット {address} にデバイスが追加されました',
    deviceAddedText:
      '{time}（UTC）に、あなたの Sigil ウォレット {address} に新しいデバイスが追加されました。ウォレットを持つデバイスがコードを表示し、' +
      '新しいデバイスがそれを入力し、最初のデバイスがパスキーで承認しました。新しいデバイスには専用のパスキーがあり、このウォレットで署名できます。\n\n' +
      'あなた自身なら、何もする必要はありません。\n\n' +
      'あなたでなければ、あなたのデバイスを使える誰かが別のデバイスを追加しました。今すぐ資金を新しいウォレットに移してください。\n\n' +
      'Sigil がコードを尋ねることはありません。',
    browserOn: '{system} の {browser}',
    browserOnly: '{system} のブラウザー',
    browserUnknown: '不明なブラウザー',
  },
  ko: {
    verifySubject: 'Sigil 인증 코드',
    verifyText:
      '새 Sigil 지갑에 이 이메일을 확인하는 코드는 {code}입니다.\n\n' +
      '한 번만, {minutes}분 동안, 코드를 요청한 브라우저에서만 쓸 수 있습니다.\n\n' +
      '이 코드를 누구에게도 알려 주지 마세요. Sigil은 전화, 채팅, 이메일로 코드를 묻지 않습니다. 코드를 묻는 사람은 당신의 이메일을 자기가 조종하는 지갑에 쓰려는 것입니다.\n\n' +
      '요청하지 않았다면 이 이메일을 무시하세요. 이 코드 없이는 당신의 이메일로 지갑이 만들어지지 않습니다.',
    recoverySubject: 'Sigil 복구 코드',
    recoveryText:
      'Sigil 지갑 복구 코드는 {code}입니다.\n\n' +
      '한 번만, {minutes}분 동안, 코드를 요청한 브라우저에서만 쓸 수 있습니다.\n\n' +
      '이 코드를 누구에게도 알려 주지 마세요. Sigil은 전화, 채팅, 이메일로 코드를 묻지 않습니다. 코드를 묻는 사람은 당신의 지갑을 가져가려는 것입니다.\n\n' +
      '지갑 복구를 요청하지 않았다면 이 이메일을 무시하고 코드를 어디에도 입력하지 마세요.',
    noticeSubject: 'Sigil: 지갑 {address}의 복구가 시작되었습니다',
    noticeText:
      '{time}(UTC)에 이 주소로 보낸 코드를 입력한 브라우저가 당신의 Sigil 지갑 {address}의 복구를 시작했습니다({from}).\n\n' +
      '안전을 위해 지갑의 키는 {releaseTime}(UTC)에야 그 브라우저에 전달되며, 그 전에는 전달되지 않습니다.\n\n' +
      '본인이라면 할 일이 없습니다. 그 시간이 지난 뒤 같은 브라우저로 돌아와 마무리하세요.\n\n' +
      '본인이 아니라면 누군가 당신의 이메일을 읽고 있습니다. {releaseTime} 전에 복구를 취소하세요: {link}\n' +
      '또는 지갑이 있는 기기에서 지갑을 여세요. 복구가 표시되고, 패스키를 한 번 누르면 취소됩니다.\n' +
      '그런 다음 이메일 계정을 보호하세요. 취소 링크는 {expiry}(UTC)까지 한 번만 쓸 수 있습니다.\n\n' +
      'Sigil은 코드나 이 링크를 묻지 않습니다.',
    ceilingSubject: 'Sigil: 당신의 이메일로 많은 코드가 요청되었습니다',
    ceilingText:
      '지난 한 시간 동안 여러 브라우저가 이 주소로 Sigil 코드를 {count}개 넘게 요청했습니다. 본인이 아니라면 누군가 지갑에 들어가려 하거나 당신을 막으려 하는 것일 수 있습니다. 그 코드들은 무시하고 절대 알려 주지 마세요.\n\n' +
      '지난 30일 안에 이 주소의 코드를 쓴 브라우저는 지금도 코드를 받습니다. 다른 브라우저는 {time}(UTC) 이후에 다시 받습니다.\n\n' +
      'Sigil은 코드를 묻지 않습니다.',
    deviceAddedSubject: 'Sigil: 지갑 {address}에 기기가 추가되었습니다',
    deviceAddedText:
      '{time}(UTC)에 당신의 Sigil 지갑 {address}에 새 기기가 추가되었습니다. 지갑이 있던 기기가 코드를 보여 주고, ' +
      '새 기기가 그 코드를 입력했으며, 첫 기기가 패스키로 승인했습니다. 새 기기는 자체 패스키가 있어 이 지갑으로 서명할 수 있습니다.\n\n' +
      '본인이라면 할 일이 없습니다.\n\n' +
      '본인이 아니라면 당신의 기기에 접근할 수 있는 누군가가 다른 기기를 추가한 것입니다. 지금 자금을 새 지갑으로 옮기세요.\n\n' +
      'Sigil은 코드를 묻지 않습니다.',
    browserOn: '{system}의 {browser}',
    browserOnly: '{system}의 브라우저',
    browserUnknown: '알 수 없는 브라우저',
  },
  'pt-BR': {
    verifySubject: 'Seu código de verificação da Sigil',
    verifyText:
      'Seu código para confirmar este e-mail para uma nova carteira Sigil é {code}.\n\n' +
      'Ele funciona uma vez, por {minutes} minutos, e só no navegador que o pediu.\n\n' +
      'Nunca compartilhe este código. A Sigil nunca vai pedi-lo, por telefone, chat ou e-mail: quem pedir está tentando usar seu e-mail em uma carteira que controla.\n\n' +
      'Se você não o pediu, ignore este e-mail. Nenhuma carteira é criada com seu e-mail sem este código.',
    recoverySubject: 'Seu código de recuperação da Sigil',
    recoveryText:
      'Seu código de recuperação da carteira Sigil é {code}.\n\n' +
      'Ele funciona uma vez, por {minutes} minutos, e só no navegador que o pediu.\n\n' +
      'Nunca compartilhe este código. A Sigil nunca vai pedi-lo, por telefone, chat ou e-mail: quem pedir está tentando tomar sua carteira.\n\n' +
      'Se você não pediu para recuperar uma carteira, ignore este e-mail e não digite o código em lugar nenhum.',
    noticeSubject: 'Sigil: começou uma recuperação da sua carteira {address}',
    noticeText:
      'Às {time} (UTC), um navegador que digitou o código que enviamos a este endereço começou a recuperar sua carteira Sigil {address} ({from}).\n\n' +
      'Para sua segurança, a chave da carteira só é entregue a esse navegador às {releaseTime} (UTC), não antes.\n\n' +
      'Se foi você, não há nada a fazer: volte a esse navegador depois desse horário para concluir.\n\n' +
      'Se não foi você, alguém está lendo seus e-mails. Cancele a recuperação antes das {releaseTime}: {link}\n' +
      'Ou abra sua carteira em um dispositivo que a tenha: ele mostra a recuperação, e um toque na chave de acesso a cancela.\n' +
      'Depois, proteja sua conta de e-mail. O link de cancelamento funciona uma vez, até {expiry} (UTC).\n\n' +
      'A Sigil nunca vai pedir um código ou este link.',
    ceilingSubject: 'Sigil: muitos códigos foram pedidos para o seu e-mail',
    ceilingText:
      'Na última hora, navegadores pediram mais de {count} códigos da Sigil para este endereço. Se não foi você, alguém pode estar tentando entrar na sua carteira ou impedir você de entrar: ignore esses códigos e nunca compartilhe nenhum.\n\n' +
      'Um navegador em que você usou um código para este endereço nos últimos 30 dias continua recebendo códigos; qualquer outro volta a recebê-los a partir de {time} (UTC).\n\n' +
      'A Sigil nunca vai pedir um código.',
    deviceAddedSubject: 'Sigil: um dispositivo foi adicionado à sua carteira {address}',
    deviceAddedText:
      'Às {time} (UTC), um novo dispositivo foi adicionado à sua carteira Sigil {address}: um dispositivo que já tinha a carteira mostrou um código, ' +
      'o novo dispositivo o digitou, e o primeiro aprovou com sua chave de acesso. O novo dispositivo tem sua própria chave de acesso e pode assinar com a carteira.\n\n' +
      'Se foi você, não há nada a fazer.\n\n' +
      'Se não foi você, alguém com acesso a um dos seus dispositivos adicionou outro: mova seus fundos para uma nova carteira agora.\n\n' +
      'A Sigil nunca vai pedir um código.',
    browserOn: '{browser} no {system}',
    browserOnly: 'um navegador no {system}',
    browserUnknown: 'um navegador desconhecido',
  },
  'zh-CN': {
    verifySubject: '你的 Sigil 验证码',
    verifyText:
      '用于为新的 Sigil 钱包确认此邮箱的验证码是 {code}。\n\n' +
      '它只能使用一次，有效期 {minutes} 分钟，且只能在请求它的浏览器中使用。\n\n' +
      '切勿把此验证码告诉任何人。Sigil 绝不会通过电话、聊天或邮件向你索要它：索要它的人是想用你的邮箱开一个由他控制的钱包。\n\n' +
      '如果不是你请求的，请忽略此邮件。没有此验证码，不会有钱包用你的邮箱创建。',
    recoverySubject: '你的 Sigil 恢复码',
    recoveryText:
      '你的 Sigil 钱包恢复码是 {code}。\n\n' +
      '它只能使用一次，有效期 {minutes} 分钟，且只能在请求它的浏览器中使用。\n\n' +
      '切勿把此恢复码告诉任何人。Sigil 绝不会通过电话、聊天或邮件向你索要它：索要它的人是想夺走你的钱包。\n\n' +
      '如果你没有请求恢复钱包，请忽略此邮件，也不要在任何地方输入此恢复码。',
    noticeSubject: 'Sigil：你的钱包 {address} 的恢复已开始',
    noticeText:
      '{time}（UTC），一个输入了我们发到此邮箱的验证码的浏览器开始恢复你的 Sigil 钱包 {address}（{from}）。\n\n' +
      '为了你的安全，钱包的密钥要到 {releaseTime}（UTC）才会交给那个浏览器，不会更早。\n\n' +
      '如果是你本人，无需任何操作：在那之后回到那个浏览器完成即可。\n\n' +
      '如果不是你，有人在读你的邮件。请在 {releaseTime} 之前取消恢复：{link}\n' +
      '或者在持有此钱包的设备上打开钱包：它会显示这次恢复，触碰一次通行密钥即可取消。\n' +
      '然后保护好你的邮箱账户。取消链接只能使用一次，有效期至 {expiry}（UTC）。\n\n' +
      'Sigil 绝不会向你索要验证码或此链接。',
    ceilingSubject: 'Sigil：有人为你的邮箱请求了许多验证码',
    ceilingText:
      '在过去一小时内，浏览器为此邮箱请求了超过 {count} 个 Sigil 验证码。如果不是你，可能有人想进入你的钱包，或想把你挡在外面：请忽略这些验证码，绝不要告诉任何人。\n\n' +
      '过去 30 天内你为此邮箱用过验证码的浏览器现在仍会收到验证码；其他浏览器要到 {time}（UTC）之后才会再收到。\n\n' +
      'Sigil 绝不会向你索要验证码。',
    deviceAddedSubject: 'Sigil：你的钱包 {address} 添加了一台设备',
    deviceAddedText:
      '{time}（UTC），你的 Sigil 钱包 {address} 添加了一台新设备：一台已持有此钱包的设备显示了一个验证码，' +
      '新设备输入了它，第一台设备用它的通行密钥批准了。新设备有自己的通行密钥，可以用此钱包签名。\n\n' +
      '如果是你本人，无需任何操作。\n\n' +
      '如果不是你，能使用你某台设备的人添加了另一台设备：请立即把资金转到一个新钱包。\n\n' +
      'Sigil 绝不会向你索要验证码。',
    browserOn: '{system} 上的 {browser}',
    browserOnly: '{system} 上的浏览器',
    browserUnknown: '未知浏览器',
  },
}

/** The mails' words in `locale` when it is one of the app's, else English. */
export function mailText(locale: string | null | undefined): MailText {
  return MAIL_TEXT[isLocale(locale) ? locale : defaultLocale]
}
