import type { Locale } from '@sigil/lib/i18n/locales'
import { embeddedServer } from './embeddedServer'

/** The recovery cancel page's words, one set per locale (English is embeddedServer.cancelPage). */
export type CancelPageText = { readonly [K in keyof typeof embeddedServer.cancelPage]: string }

/**
 * The cancel page in every language of the app: the owner opens it from the notice at the moment
 * they must trust it, so it speaks their browser's language (or the link's `lang`). Each sentence says
 * what the English one says, and stays true of what the server does; {placeholders} are kept (a unit
 * test checks keys and placeholders against English).
 */
export const CANCEL_PAGE_TEXT: Readonly<Record<Locale, CancelPageText>> = {
  en: embeddedServer.cancelPage,
  de: {
    title: 'Eine Wallet-Wiederherstellung abbrechen',
    confirm:
      'Eine Wiederherstellung Ihrer Sigil-Wallet {address} hat um {time} (UTC) begonnen; ihr Schlüssel wird um {releaseTime} (UTC) freigegeben. Wenn Sie das nicht waren, brechen Sie die Wiederherstellung ab: Sie kann dann nie abgeschlossen werden.',
    button: 'Wiederherstellung abbrechen',
    cancelled: 'Die Wiederherstellung der Wallet {address} ist abgebrochen.',
    notFinished: 'Ihr Schlüssel wurde nicht freigegeben, und sie kann jetzt nicht mehr abgeschlossen werden.',
    keyWasReleased: 'Ihr Schlüssel war bereits an jenen Browser freigegeben, der Ihre Wiederherstellungsphrase gesehen haben kann: Verschieben Sie Ihr Guthaben jetzt in eine neue Wallet.',
    secureEmail: 'Jemand, der Ihre E-Mails lesen kann, hat sie gestartet: Sichern Sie Ihr E-Mail-Konto.',
    invalid: 'Dieser Abbruch-Link ist nicht gültig.',
    expired: 'Dieser Abbruch-Link ist abgelaufen.',
    alreadyCancelled: 'Diese Wiederherstellung wurde bereits abgebrochen.',
    alreadyCompleted:
      'Diese Wiederherstellung wurde um {time} (UTC) abgeschlossen und kann nicht mehr abgebrochen werden. Wenn Sie das nicht waren, verschieben Sie Ihr Guthaben jetzt in eine neue Wallet.',
  },
  es: {
    title: 'Cancelar la recuperación de una billetera',
    confirm:
      'Una recuperación de tu billetera Sigil {address} empezó a las {time} (UTC); su clave se entrega a las {releaseTime} (UTC). Si no fuiste tú, cancela la recuperación: así nunca podrá terminar.',
    button: 'Cancelar la recuperación',
    cancelled: 'La recuperación de la billetera {address} está cancelada.',
    notFinished: 'Su clave no se entregó y ya no puede terminar.',
    keyWasReleased: 'Su clave ya se había entregado a ese navegador, que puede haber visto tu frase de recuperación: mueve tus fondos a una billetera nueva ahora.',
    secureEmail: 'La empezó alguien que puede leer tu correo: protege tu cuenta de correo.',
    invalid: 'Este enlace de cancelación no es válido.',
    expired: 'Este enlace de cancelación ha caducado.',
    alreadyCancelled: 'Esta recuperación ya estaba cancelada.',
    alreadyCompleted: 'Esta recuperación terminó a las {time} (UTC): ya no se puede cancelar. Si no fuiste tú, mueve tus fondos a una billetera nueva ahora.',
  },
  fr: {
    title: 'Annuler la récupération d’un portefeuille',
    confirm:
      'Une récupération de votre portefeuille Sigil {address} a commencé à {time} (UTC) ; sa clé est remise à {releaseTime} (UTC). Si ce n’était pas vous, annulez la récupération : elle ne pourra alors jamais aboutir.',
    button: 'Annuler la récupération',
    cancelled: 'La récupération du portefeuille {address} est annulée.',
    notFinished: 'Sa clé n’a pas été remise, et elle ne peut plus aboutir.',
    keyWasReleased: 'Sa clé avait déjà été remise à ce navigateur, qui a pu voir votre phrase de récupération : transférez vos fonds vers un nouveau portefeuille dès maintenant.',
    secureEmail: 'Quelqu’un qui peut lire vos e-mails l’a lancée : sécurisez votre compte e-mail.',
    invalid: 'Ce lien d’annulation n’est pas valide.',
    expired: 'Ce lien d’annulation a expiré.',
    alreadyCancelled: 'Cette récupération était déjà annulée.',
    alreadyCompleted: 'Cette récupération a abouti à {time} (UTC) : elle ne peut plus être annulée. Si ce n’était pas vous, transférez vos fonds vers un nouveau portefeuille dès maintenant.',
  },
  ja: {
    title: 'ウォレットの復元を取り消す',
    confirm:
      'Sigil ウォレット {address} の復元が {time}（UTC）に始まりました。鍵は {releaseTime}（UTC）に渡されます。心当たりがなければ、復元を取り消してください。取り消した復元は二度と完了しません。',
    button: '復元を取り消す',
    cancelled: 'ウォレット {address} の復元を取り消しました。',
    notFinished: '鍵は渡されておらず、この復元はもう完了できません。',
    keyWasReleased: '鍵はすでにそのブラウザーに渡されており、復元フレーズを見られた可能性があります。今すぐ資金を新しいウォレットに移してください。',
    secureEmail: 'あなたのメールを読める誰かが始めた復元です。メールアカウントを保護してください。',
    invalid: 'この取り消しリンクは無効です。',
    expired: 'この取り消しリンクは期限切れです。',
    alreadyCancelled: 'この復元はすでに取り消されています。',
    alreadyCompleted: 'この復元は {time}（UTC）に完了しており、取り消せません。心当たりがなければ、今すぐ資金を新しいウォレットに移してください。',
  },
  ko: {
    title: '지갑 복구 취소',
    confirm:
      'Sigil 지갑 {address}의 복구가 {time}(UTC)에 시작되었습니다. 키는 {releaseTime}(UTC)에 전달됩니다. 본인이 아니라면 복구를 취소하세요. 취소된 복구는 절대 완료될 수 없습니다.',
    button: '복구 취소',
    cancelled: '지갑 {address}의 복구가 취소되었습니다.',
    notFinished: '키는 전달되지 않았으며 이제 복구를 완료할 수 없습니다.',
    keyWasReleased: '키가 이미 그 브라우저에 전달되어 복구 문구가 노출되었을 수 있습니다. 지금 바로 자금을 새 지갑으로 옮기세요.',
    secureEmail: '이메일을 읽을 수 있는 누군가가 시작한 복구입니다. 이메일 계정을 보호하세요.',
    invalid: '이 취소 링크는 유효하지 않습니다.',
    expired: '이 취소 링크는 만료되었습니다.',
    alreadyCancelled: '이 복구는 이미 취소되었습니다.',
    alreadyCompleted: '이 복구는 {time}(UTC)에 완료되어 더 이상 취소할 수 없습니다. 본인이 아니라면 지금 바로 자금을 새 지갑으로 옮기세요.',
  },
  'pt-BR': {
    title: 'Cancelar a recuperação de uma carteira',
    confirm:
      'Uma recuperação da sua carteira Sigil {address} começou às {time} (UTC); a chave dela é liberada às {releaseTime} (UTC). Se não foi você, cancele a recuperação: assim ela nunca poderá terminar.',
    button: 'Cancelar a recuperação',
    cancelled: 'A recuperação da carteira {address} foi cancelada.',
    notFinished: 'A chave não foi liberada, e ela não pode mais terminar.',
    keyWasReleased: 'A chave já tinha sido liberada para aquele navegador, que pode ter visto sua frase de recuperação: mova seus fundos para uma carteira nova agora.',
    secureEmail: 'Alguém que consegue ler seu e-mail a iniciou: proteja sua conta de e-mail.',
    invalid: 'Este link de cancelamento não é válido.',
    expired: 'Este link de cancelamento expirou.',
    alreadyCancelled: 'Esta recuperação já estava cancelada.',
    alreadyCompleted: 'Esta recuperação terminou às {time} (UTC): não pode mais ser cancelada. Se não foi você, mova seus fundos para uma carteira nova agora.',
  },
  'zh-CN': {
    title: '取消钱包恢复',
    confirm: '你的 Sigil 钱包 {address} 的恢复已于 {time}（UTC）开始；其密钥将于 {releaseTime}（UTC）发放。如果不是你本人操作，请取消这次恢复：取消后它将永远无法完成。',
    button: '取消恢复',
    cancelled: '钱包 {address} 的恢复已取消。',
    notFinished: '其密钥没有发放，这次恢复现在也无法完成。',
    keyWasReleased: '其密钥已发放给那个浏览器，对方可能已看到你的恢复短语：请立即把资金转移到新钱包。',
    secureEmail: '能读取你邮件的人发起了这次恢复：请保护好你的邮箱账户。',
    invalid: '此取消链接无效。',
    expired: '此取消链接已过期。',
    alreadyCancelled: '这次恢复已经取消。',
    alreadyCompleted: '这次恢复已于 {time}（UTC）完成，无法再取消。如果不是你本人操作，请立即把资金转移到新钱包。',
  },
}
