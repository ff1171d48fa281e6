import type { LegalContent } from './types.ts';

const privacy: LegalContent = ({ brand, supportEmail }) => {
  const write = supportEmail
    ? `escreva para ${supportEmail}`
    : 'escreva para nós pelos canais da nossa página de contato';
  return {
    updated: '2026-11-29',
    summary: `Esta política explica quais dados pessoais a ${brand} coleta, para quê, com quais bases legais da Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018), com quem são compartilhados, por quanto tempo são guardados e como você pode exercer seus direitos. A ${brand} é a controladora desses dados.`,
    sections: [
      {
        id: 'data',
        heading: 'O que coletamos',
        blocks: [
          {
            list: [
              'Identificação: nome, nome de usuário, e-mail, telefone, CPF e data de nascimento, que você informa no cadastro.',
              'Documentos de verificação: um documento de identidade, um comprovante de endereço e uma selfie segurando o documento. A selfie é um dado biométrico, categoria sensível pela LGPD.',
              'Dados das trocas: suas carteiras (endereços de cripto, chaves PIX com banco e titular, números de contas Deriv), seus pedidos, os comprovantes e hashes de transação que você envia e os pagamentos que fazemos a você.',
              'Dados técnicos: o endereço IP e o horário de acessos, pedidos e mensagens, e a sessão que mantém você conectado.',
              'Mensagens: o que você nos escreve pelo formulário de contato ou pelos outros canais.',
            ],
          },
          'Não coletamos dados dos seus contatos, da sua localização ou dos aplicativos do seu aparelho, e não compramos dados sobre você de ninguém.',
        ],
      },
      {
        id: 'purposes',
        heading: 'Para que usamos, e com qual base legal',
        blocks: [
          {
            list: [
              'Para abrir e manter sua conta e realizar suas trocas: execução de contrato (LGPD, artigo 7º, V).',
              'Para verificar sua identidade, prevenir a lavagem de dinheiro, comunicar as autoridades e guardar os registros exigidos por lei: cumprimento de obrigação legal ou regulatória (artigo 7º, II; para a selfie, artigo 11, II, a).',
              'Para prevenir fraudes e proteger sua conta nos processos de identificação: legítimo interesse e, para a selfie, artigo 11, II, g.',
              'Para responder às suas mensagens e avisar sobre seus pedidos por e-mail: execução de contrato e legítimo interesse.',
              'Para defender nossos direitos em processos administrativos ou judiciais: exercício regular de direitos (artigo 7º, VI).',
            ],
          },
          'Não enviamos publicidade sem o seu consentimento e não tomamos decisões sobre você com base apenas em tratamento automatizado.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Com quem compartilhamos',
        blocks: [
          'Nunca vendemos seus dados. Compartilhamos apenas o que cada um destes precisa:',
          {
            list: [
              'bancos e instituições de pagamento que processam PIX, transferências e boletos;',
              'a corretora pela qual enviamos pagamentos em cripto, que recebe o endereço de destino e o valor;',
              'nossos fornecedores de hospedagem, envio de e-mails e armazenamento de documentos, obrigados por contrato ao sigilo e à segurança;',
              'as autoridades, como COAF, Banco Central, Receita Federal, polícia e Justiça, quando a lei ou uma ordem judicial exigir.',
            ],
          },
          'Alguns fornecedores podem tratar dados fora do Brasil. Nesses casos, exigimos as garantias do artigo 33 da LGPD.',
        ],
      },
      {
        id: 'retention',
        heading: 'Por quanto tempo guardamos',
        blocks: [
          {
            list: [
              'Dados de identificação, documentos, pedidos e comprovantes: enquanto sua conta estiver aberta e por cinco anos depois do encerramento ou da última operação, como exige a lei de prevenção à lavagem de dinheiro.',
              'Registros de acesso (endereço IP e horário): seis meses, como exige o Marco Civil da Internet, ou mais se a Justiça determinar.',
              'Mensagens enviadas pelo formulário de contato por quem não tem conta: dois anos.',
              'Sessões: no máximo 12 horas; códigos de redefinição de senha: 15 minutos; links de confirmação de e-mail: 24 horas.',
            ],
          },
          'Quando um prazo termina, os dados são excluídos ou anonimizados.',
        ],
      },
      {
        id: 'security',
        heading: 'Como protegemos',
        blocks: [
          'As conexões são criptografadas, as senhas são guardadas apenas como hashes argon2id, os documentos ficam fora de qualquer endereço público e só são vistos por você e pela nossa equipe de verificação, e todo acesso ao painel administrativo exige uma conta pessoal que pode exigir autenticação de dois fatores. Cada ação administrativa fica registrada em um log de auditoria.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies e o que fica no seu navegador',
        blocks: [
          'Não usamos cookies de publicidade ou de análise, nem rastreadores de terceiros. Além do cookie de sessão, que existe só enquanto você está conectado (até 12 horas), guardamos apenas duas preferências:',
          {
            list: [
              'seu idioma, no cookie “locale”, por 365 dias;',
              'seu modo de cor claro ou escuro, no armazenamento local do navegador como “color-mode”, nunca enviado para nós.',
            ],
          },
          'O vídeo tutorial da página inicial é carregado do YouTube, no modo de privacidade aprimorada, somente se você apertar o play.',
        ],
      },
      {
        id: 'rights',
        heading: 'Seus direitos',
        blocks: [
          'Pelo artigo 18 da LGPD, você pode nos pedir a qualquer momento que:',
          {
            list: [
              'confirmemos se tratamos seus dados, e que você tenha acesso a eles;',
              'corrijamos dados incompletos, inexatos ou desatualizados;',
              'anonimizemos, bloqueemos ou eliminemos dados desnecessários, excessivos ou tratados em desconformidade com a lei;',
              'façamos a portabilidade dos seus dados para outro fornecedor;',
              'informemos com quem compartilhamos seus dados;',
              'eliminemos dados tratados com base no consentimento, e revoguemos esse consentimento;',
              'revisemos decisões tomadas apenas com base em tratamento automatizado.',
            ],
          },
          'Dados que a lei nos obriga a guardar (veja “Por quanto tempo guardamos”) são mantidos até o fim do prazo, mesmo que você peça a exclusão. Você também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).',
        ],
      },
      {
        id: 'self-service',
        heading: 'Seus dados e sua conta, por você mesmo',
        blocks: [
          'Com a sessão iniciada, a página “Privacidade e meus dados” da sua conta (Perfil > Privacidade e meus dados) permite, a qualquer momento e sem pedir a ninguém:',
          {
            list: [
              'baixar todos os seus dados em um arquivo legível por máquina (JSON): seu perfil, as versões destes termos e desta política que você aceitou e quando, suas sessões e dispositivos, carteiras, pedidos com seu histórico, documentos (com o link de cada arquivo), avaliações, as mensagens que você nos enviou com o seu e-mail e os registros do que foi feito na sua conta;',
              'excluir sua conta: depois que você digita a senha de novo, seu nome, nome de usuário, e-mail, telefone, data de nascimento, senha, sessões, carteiras e mensagens de contato são apagados, suas avaliações deixam de mostrar seu nome e você não consegue mais entrar. Seu e-mail e seu CPF podem abrir uma nova conta.',
            ],
          },
          'A exclusão espera até você não ter nenhum pedido em aberto. Pedidos, pagamentos e o livro-caixa, seus documentos de verificação, seu CPF e os registros de auditoria são mantidos, ligados à conta anonimizada, por cinco anos após o fim do relacionamento (Lei 9.613/1998, artigo 10, e as normas do COAF e da Receita Federal sobre criptoativos); a página mostra isso antes da sua confirmação, e o arquivo que você baixa também. Ao fim desse prazo, eles são eliminados.',
          'Quando publicamos uma nova versão dos termos de uso ou desta política, pedimos que você a leia e aceite na próxima vez que usar sua conta; cada aceite fica registrado com data e hora, endereço IP e navegador.',
        ],
      },
      {
        id: 'requests',
        heading: 'Como pedir, e o nosso encarregado',
        blocks: [
          `Nosso encarregado pelo tratamento de dados pessoais responde a todos os pedidos sobre dados pessoais. Para fazer um pedido, ${write} a partir do e-mail da sua conta, com “LGPD” no assunto. Podemos pedir que você confirme sua identidade antes de responder, e respondemos em até 15 dias.`,
        ],
      },
      {
        id: 'minors',
        heading: 'Menores de idade',
        blocks: [
          `A ${brand} é para pessoas com 18 anos ou mais. Não coletamos de propósito dados de menores; um menor só pode trocar por meio do responsável legal, e os dados tratados são os do responsável.`,
        ],
      },
      {
        id: 'changes',
        heading: 'Mudanças nesta política',
        blocks: [
          'Quando mudamos esta política, atualizamos a data no topo e avisamos os titulares de contas por e-mail sobre qualquer mudança no que coletamos ou no motivo.',
        ],
      },
    ],
  };
};

export default privacy;
